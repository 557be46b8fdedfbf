import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromRoot } from '../../paths';
import { createTestApp } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const run = promisify(execFile);
const t = sharedWorld(createTestApp);
let dir: string;
let file: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
  file = join(dir, 'openapi.json');
  const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
  await writeFile(file, res.body);
});

afterAll(() => rm(dir, { recursive: true, force: true }));

/** Runs a linter from node_modules/.bin; its exit code is 1 when it found errors, and its report says which. */
async function lint(bin: string, args: string[]) {
  const result = await run(fromRoot('node_modules', '.bin', bin), args, {
    cwd: fromRoot(),
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error: { stdout: string; stderr: string; code: number }) => error);
  return { code: 'code' in result ? result.code : 0, output: `${result.stdout}${result.stderr}` };
}

// The README's "The API document" lists the warnings both leave and why (issue 38).
describe('the served OpenAPI document, linted', () => {
  it('has no errors under Redocly’s recommended rules', async () => {
    const { code, output } = await lint('redocly', ['lint', file, '--format=summary']);
    expect(output).not.toMatch(/^error\s/m);
    expect(code, output).toBe(0);
  }, 120_000);

  it('has no errors under Spectral’s spectral:oas rules', async () => {
    const { code, output } = await lint('spectral', [
      'lint',
      file,
      '-r',
      fromRoot('.spectral.yaml'),
      '-F',
      'error',
    ]);
    expect(code, output).toBe(0);
  }, 120_000);
});
