/**
 * The schema keyword that marks a response field as a secret shown once: an agent's token, an access token.
 * Spread into the field's options (`Type.String({ ...shownOnce })`). The server's idempotency store keeps an
 * answer without these fields, so a repeat of the request never shows the secret again, and the secret is
 * never at rest in that store (issue 36). In the OpenAPI document it reads as the extension `x-shown-once`.
 */
export const SHOWN_ONCE = 'x-shown-once';

export const shownOnce = { [SHOWN_ONCE]: true } as const;
