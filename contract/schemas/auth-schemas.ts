import { Type } from 'typebox';

export const SignInBodySchema = Type.Object(
  {
    email: Type.String({ format: 'email', maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);

export const AccessTokenSchema = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
});

// ── Forgot and reset password (issue 6) ──

/** A plain confirmation for the user, e.g. 'The email was send. Please, check the spam directory also.' */
export const MessageSchema = Type.Object({ detail: Type.String() });

export const ForgotPasswordBodySchema = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }) },
  { additionalProperties: false },
);

// The password's length is checked by the handler, with the spec's message.
export const ResetPasswordBodySchema = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 200 }), password: Type.String({ maxLength: 1000 }) },
  { additionalProperties: false },
);
