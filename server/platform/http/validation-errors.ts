export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: 'value_error';
}

interface RawIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message?: string;
}

const SOURCES: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return [];
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function asList(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String);
  return value === undefined ? [] : [String(value)];
}

function describe(issue: RawIssue, allowed: unknown[]): string {
  const { params } = issue;
  switch (issue.keyword) {
    case 'format':
      return params.format === 'email' ? 'Invalid email' : `Invalid ${String(params.format)}`;
    case 'minLength':
      return `Must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `Must be at most ${String(params.limit)} characters`;
    case 'minimum':
      return `Must be greater than or equal to ${String(params.limit)}`;
    case 'maximum':
      return `Must be less than or equal to ${String(params.limit)}`;
    case 'exclusiveMinimum':
      return `Must be greater than ${String(params.limit)}`;
    case 'exclusiveMaximum':
      return `Must be less than ${String(params.limit)}`;
    case 'pattern':
      return 'Invalid format';
    case 'type':
      return `Must be ${asList(params.type)
        .map((type) => TYPE_NAMES[type] ?? type)
        .join(' or ')}`;
    case 'minProperties':
      return params.limit === 1
        ? 'At least one field is required'
        : `At least ${String(params.limit)} fields are required`;
    case 'enum':
      return `Must be one of: ${asList(params.allowedValues).join(', ')}`;
    case 'const':
      return `Must be ${String(params.allowedValue)}`;
    case 'anyOf':
      return allowed.length > 0 ? `Must be one of: ${allowed.map(String).join(', ')}` : 'Invalid value';
    default:
      return issue.message ?? 'Invalid value';
  }
}

/**
 * Turns schema validation errors (TypeBox's, which follow ajv's shape) into the API's 422 detail:
 * `[{loc: [source, ...path], msg, type}]`, one entry per location. Missing and unknown fields are reported at
 * the field itself, and a union of constants (e.g. 'en' | 'ru') as one "Must be one of" entry.
 */
export function toValidationIssues(context: string | undefined, raw: readonly RawIssue[]): ValidationIssue[] {
  const source = SOURCES[context ?? 'body'] ?? context ?? 'body';
  const allowedByPath = new Map<string, unknown[]>();
  for (const issue of raw) {
    if (issue.keyword === 'const' && issue.schemaPath.includes('/anyOf/')) {
      const list = allowedByPath.get(issue.instancePath) ?? [];
      list.push(issue.params.allowedValue);
      allowedByPath.set(issue.instancePath, list);
    }
  }

  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  const add = (path: (string | number)[], msg: string) => {
    const loc = [source, ...path];
    const key = JSON.stringify(loc);
    if (seen.has(key)) return;
    seen.add(key);
    issues.push({ loc, msg, type: 'value_error' });
  };

  const report = (issue: RawIssue) => {
    const path = pointerToPath(issue.instancePath);
    if (issue.keyword === 'boolean' && issue.schemaPath.endsWith('/additionalProperties')) return;
    if (issue.keyword === 'required') {
      const missing = asList(issue.params.requiredProperties ?? issue.params.missingProperty);
      for (const field of missing) add([...path, field], 'Field required');
    } else if (issue.keyword === 'additionalProperties') {
      const extra = asList(issue.params.additionalProperties ?? issue.params.additionalProperty);
      for (const field of extra) add([...path, field], 'Extra field not permitted');
    } else if (issue.keyword === 'anyOf' && reportChosenBranch(raw, issue, report)) {
      // A union of objects told apart by a constant field: the branch that field chose said what is wrong.
    } else {
      add(path, describe(issue, allowedByPath.get(issue.instancePath) ?? []));
    }
  };

  for (const issue of raw) {
    // Branch failures inside a union only repeat what the union's own entry says.
    if (!issue.schemaPath.includes('/anyOf/')) report(issue);
  }
  return issues.length > 0 ? issues : [{ loc: [source], msg: 'Invalid value', type: 'value_error' }];
}

const within = (pointer: string, parent: string) => pointer === parent || pointer.startsWith(`${parent}/`);

/**
 * A union of objects with a constant field each (`{type: 'log', data: string} | {type: 'progress', data:
 * number}`): when exactly one branch's constant matched, that branch's own failures (`data` must be a
 * number) name the field, where the union alone could only say the whole object is invalid. Answers false
 * when no single branch was chosen, so that the caller reports the union as before.
 */
function reportChosenBranch(
  raw: readonly RawIssue[],
  union: RawIssue,
  report: (issue: RawIssue) => void,
): boolean {
  const prefix = `${union.schemaPath}/anyOf/`;
  const branches = new Map<string, RawIssue[]>();
  for (const issue of raw) {
    if (!issue.schemaPath.startsWith(prefix) || !within(issue.instancePath, union.instancePath)) continue;
    const branch = issue.schemaPath.slice(prefix.length).split('/')[0];
    branches.set(branch, [...(branches.get(branch) ?? []), issue]);
  }
  const depth = pointerToPath(union.instancePath).length + 1;
  const constantFailed = (issue: RawIssue) =>
    issue.keyword === 'const' && pointerToPath(issue.instancePath).length === depth;
  const chosen = [...branches.entries()].filter(([, failures]) => !failures.some(constantFailed));
  const decided = [...branches.values()].some((failures) => failures.some(constantFailed));
  if (chosen.length === 0) {
    // Every branch refused the constant (`type: 'bogus'`): that field is what is wrong.
    const constants = [...branches.values()].map((failures) => failures.find(constantFailed));
    const at = constants[0]?.instancePath;
    if (!at || constants.some((c) => c?.instancePath !== at)) return false;
    const allowedValues = constants.map((c) => c?.params.allowedValue);
    report({ keyword: 'enum', instancePath: at, schemaPath: union.schemaPath, params: { allowedValues } });
    return true;
  }
  if (chosen.length !== 1 || !decided) return false;
  const [branch, failures] = chosen[0];
  // The branch's own failures; those of unions nested in it are reported by their own union entry.
  const own = `${prefix}${branch}`;
  for (const failure of failures) {
    if (!failure.schemaPath.slice(own.length).includes('/anyOf/')) report(failure);
  }
  return true;
}

/**
 * A semantic validation failure found by a handler (unknown series, duplicate version…): answered as 422 in
 * the same shape as a schema failure. Throw it, or `invalid(['body', 'version'], 'Version already exists')`.
 */
export class ValidationFailedError extends Error {
  readonly issues: ValidationIssue[];

  constructor(issues: { loc: (string | number)[]; msg: string }[]) {
    super(issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
    this.name = 'ValidationFailedError';
    this.issues = issues.map(({ loc, msg }) => ({ loc, msg, type: 'value_error' }));
  }
}

/** One semantic 422 naming one location. */
export const invalid = (loc: (string | number)[], msg: string) => new ValidationFailedError([{ loc, msg }]);
