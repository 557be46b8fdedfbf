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
