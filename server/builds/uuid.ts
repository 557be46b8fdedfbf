import { invalid } from '../lib/validation-errors';

/** Spec §5: the standard uuid pattern (8-4-4-4-12 hexadecimal digits). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The uuid, lowercased; a 422 'Invalid uuid' at `loc` when it does not match the pattern. */
export function checkUuid(value: string, loc: (string | number)[]): string {
  if (!UUID_PATTERN.test(value.trim())) throw invalid(loc, 'Invalid uuid');
  return value.trim().toLowerCase();
}
