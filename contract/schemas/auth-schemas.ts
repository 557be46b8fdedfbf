import { Type } from 'typebox';
import { passwordRule } from './account-schemas';
import { closedObject } from './common-schemas';
import { shownOnce } from './shown-once';

export const SignInBodySchema = closedObject({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 128 }),
});

export const AccessTokenSchema = Type.Object({
  access_token: Type.String({ ...shownOnce }),
  token_type: Type.Literal('bearer'),
});

// ── Forgot and reset password (issue 6) ──

/** A plain confirmation for the user, e.g. 'The email was sent. Please check your spam folder too.' */
export const MessageSchema = Type.Object({ detail: Type.String() });

export const ForgotPasswordBodySchema = closedObject({
  email: Type.String({ format: 'email', maxLength: 254 }),
});

// The password's length is checked by the handler, with the spec's message.
export const ResetPasswordBodySchema = closedObject({
  token: Type.String({ minLength: 1, maxLength: 200 }),
  password: Type.String({ maxLength: 1000, ...passwordRule }),
});
