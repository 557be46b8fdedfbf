import type { BuildOption, BuildOptionValue } from '../../catalogue/build-options-repository';
import type { Issue } from './pool-rules';

const TYPE_MESSAGES = {
  bool: 'Must be a boolean',
  str: 'Must be a string',
  list: 'Must be a list of strings',
} as const;

const fits = (option: BuildOption, value: unknown) =>
  option.type === 'bool'
    ? typeof value === 'boolean'
    : option.type === 'str'
      ? typeof value === 'string'
      : Array.isArray(value) && value.every((item) => typeof item === 'string');

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A build's options: every known option, given values over the current ones over the defaults. Only admins
 * choose values (spec §2); anyone else may send the defaults, or the values the build already has.
 */
export function checkOptions(
  given: Record<string, unknown>,
  known: BuildOption[],
  options: { isAdmin: boolean; current?: Record<string, unknown> },
  at: (string | number)[] = ['body', 'options'],
): { values: Record<string, BuildOptionValue>; issues: Issue[] } {
  const byName = new Map(known.map((option) => [option.name, option]));
  const issues: Issue[] = [];
  const values: Record<string, BuildOptionValue> = {};
  for (const option of known) {
    const current = options.current?.[option.name];
    values[option.name] = (
      current !== undefined && fits(option, current) ? current : option.default
    ) as BuildOptionValue;
  }
  for (const [name, value] of Object.entries(given)) {
    const option = byName.get(name);
    if (!option) {
      issues.push({ loc: [...at, name], msg: 'Unknown option' });
    } else if (!fits(option, value)) {
      issues.push({ loc: [...at, name], msg: TYPE_MESSAGES[option.type] });
    } else if (!options.isAdmin && !same(value, option.default) && !same(value, options.current?.[name])) {
      issues.push({ loc: [...at, name], msg: 'Only admins can change build options' });
    } else {
      values[name] = value as BuildOptionValue;
    }
  }
  return { values, issues };
}
