import { describe, expect, it } from 'vitest';
import { englishText } from './english';
import { validation } from './messages';

describe('the English text of a message', () => {
  it('is the phrase of en.json with its arguments', () => {
    expect(englishText(validation('max_decimals', { max: 2 }))).toBe('Maximum 2 decimal places');
    expect(englishText('resources.firmwares.validation.set_name')).toBe(
      'Only letters, numbers, spaces and _ - .',
    );
  });

  it('refuses a key en.json does not have, so no raw key reaches a user', () => {
    expect(() => englishText('app.validation.nope')).toThrow(/No English message/);
  });
});
