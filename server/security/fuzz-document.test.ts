// Issue 38: Schemathesis-style checks derived from the served OpenAPI document. Every read operation, as admin
// and as partner, with the values it should take and with seeded wrong ones its parameters' schemas suggest:
// never a 5xx, never a status the document does not declare for the operation, and every JSON answer matching
// the schema the document gives for that status. `FUZZ_CASES=40` runs more wrong cases per operation.
import Ajv, { type ValidateFunction } from 'ajv';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FuzzCase, pathCases, queryCases, SEED } from '../test/fuzz-cases';
import { request } from '../test/helper';
import {
  fillPath,
  type Operation,
  operationsOf,
  pick,
  queryString,
  seededRandom,
} from '../test/openapi-routes';
import { createSecurityWorld, pathValues, queryValues } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createSecurityWorld);
/** Wrong cases per operation and caller: few in `npm test`, more by FUZZ_CASES. */
const WRONG_CASES = Number(process.env.FUZZ_CASES ?? 3);

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON walked by key.
type Json = any;
let doc: Json;
let reads: Operation[];
// OpenAPI 3.0 schemas: `nullable`, `example` and `x-` keys are theirs; formats are left to the server.
const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
const validators = new Map<string, ValidateFunction>();

beforeAll(async () => {
  doc = (await w.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
  reads = operationsOf(w.t.app).filter((op) => op.method === 'GET');
});

/** The documented schema of a JSON answer, its `$ref`s resolved in the document's components. */
function validatorOf(op: Operation, status: string): ValidateFunction | undefined {
  const key = `${op.key} ${status}`;
  if (!validators.has(key)) {
    const schema = doc.paths[op.path].get.responses[status]?.content?.['application/json']?.schema;
    if (!schema) return undefined;
    validators.set(key, ajv.compile({ ...schema, components: doc.components }));
  }
  return validators.get(key);
}

/** What is wrong with an answer by the document: a 5xx, an undeclared status, a body off its schema. */
function breaches(op: Operation, res: LightMyRequestResponse): string | undefined {
  const responses = doc.paths[op.path].get.responses;
  const status = String(res.statusCode);
  if (res.statusCode >= 500) return `${status}: ${res.body.slice(0, 200)}`;
  if (!responses[status] && !responses.default) return `undeclared ${status}: ${res.body.slice(0, 200)}`;
  if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) return undefined;
  const validate = validatorOf(op, responses[status] ? status : 'default');
  if (validate && !validate(res.json()))
    return `${status} off its schema: ${ajv.errorsText(validate.errors)} in ${res.body.slice(0, 200)}`;
  return undefined;
}

function casesOf(op: Operation, random: () => number): FuzzCase[] {
  const values = queryValues(w, op.path);
  const query: Record<string, unknown> = {};
  for (const param of op.queryParams) if (param.name in values) query[param.name] = values[param.name];
  const wrong = [...pathCases(op), ...queryCases(op, query)];
  return [{ label: 'as documented', query }, ...pick(wrong, WRONG_CASES, random)];
}

describe('reads against the document (issue 38)', () => {
  for (const caller of ['admin', 'partner'] as const) {
    it(`answers every read as ${caller} with a declared status and its schema`, {
      timeout: 120_000,
    }, async () => {
      const random = seededRandom(SEED + (caller === 'admin' ? 1 : 2));
      const token = caller === 'admin' ? w.admin.token : w.partner.token;
      const found: string[] = [];
      let sent = 0;
      for (const op of reads) {
        for (const fuzz of casesOf(op, random)) {
          const url =
            fillPath(op.path, { ...pathValues(w, op.path), ...fuzz.path }) + queryString(fuzz.query ?? {});
          const res = await request(w.t.app, { url, token });
          sent += 1;
          const breach = breaches(op, res);
          if (breach) found.push(`${op.key} (${fuzz.label}): ${breach}`);
        }
      }
      expect(sent).toBeGreaterThan(reads.length);
      expect(found).toEqual([]);
    });
  }
});
