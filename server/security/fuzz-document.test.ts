// Issue 38: Schemathesis-style checks derived from the served OpenAPI document. Every read operation, as admin
// and as partner, with the values it should take and with seeded wrong ones its parameters' schemas suggest:
// never a 5xx, never a status the document does not declare for the operation, and every JSON answer matching
// the schema the document gives for that status. `FUZZ_CASES=40` runs more wrong cases per operation.
import { beforeAll, describe, expect, it } from 'vitest';
import { documentJudge } from '../test/document-answers';
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

let reads: Operation[];
let judge: Awaited<ReturnType<typeof documentJudge>>;

beforeAll(async () => {
  judge = await documentJudge(w.t.app);
  reads = operationsOf(w.t.app).filter((op) => op.method === 'GET');
});

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
          const breach = judge(op, res);
          if (breach) found.push(`${op.key} (${fuzz.label}): ${breach}`);
        }
      }
      expect(sent).toBeGreaterThan(reads.length);
      expect(found).toEqual([]);
    });
  }
});
