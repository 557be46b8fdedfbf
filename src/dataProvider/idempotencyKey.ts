/**
 * A key for one user intent (a form submission, a confirmed action), sent as `Idempotency-Key` so that the
 * server makes it once however often it arrives (issue 15). getRandomValues, unlike randomUUID, works on
 * plain-http origins too.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
