import { englishText } from '../../contract/english';
import { validation } from '../../contract/messages';
import { UUID_PATTERN } from '../../contract/rules/text';
import { invalid } from '../platform/http/validation-errors';

/** The uuid, lowercased; a 422 'Invalid uuid' at `loc` when it does not match the pattern. */
export function checkUuid(value: string, loc: (string | number)[]): string {
  if (!UUID_PATTERN.test(value.trim())) throw invalid(loc, englishText(validation('uuid')));
  return value.trim().toLowerCase();
}
