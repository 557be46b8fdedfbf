// The sandboxed agent's chmod shim (issue 36): under Node's permission model FileHandle.chmod is disabled; the
// shim lets through only a chmod that would change nothing but what the umask took.
import { execFileSync } from 'node:child_process';
import { mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
let script: string;

beforeAll(async () => {
  dir = await realpath(await mkdtemp(path.join(tmpdir(), 'permission-shims-')));
  script = path.join(dir, 'probe.mjs');
  // What a builder does: open (making the file with a mode), then chmod; each outcome printed.
  const probe = `
    import { open } from 'node:fs/promises';
    import { allowNeedlessChmod } from ${JSON.stringify(path.resolve('agent/permission-shims.ts'))};
    process.umask(0o022);
    await allowNeedlessChmod();
    const attempt = async (name, made, asked) => {
      const handle = await open(${JSON.stringify(dir)} + '/' + name, 'w', made);
      try { await handle.chmod(asked); return 'allowed'; } catch (error) { return error.code; }
      finally { await handle.close(); }
    };
    console.log(JSON.stringify({
      same: await attempt('a', 0o644, 0o644),
      lessTheUmask: await attempt('b', 0o664, 0o664),
      executable: await attempt('c', 0o755, 0o755),
      addsExecute: await attempt('d', 0o644, 0o755),
      narrows: await attempt('e', 0o644, 0o600),
    }));`;
  const result = await build({
    stdin: { contents: probe, resolveDir: process.cwd(), loader: 'js' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  await writeFile(script, result.outputFiles[0].contents);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('allowNeedlessChmod under the permission model', () => {
  it('lets through a chmod that changes nothing but the umask bits, and refuses any other', () => {
    const out = execFileSync(
      process.execPath,
      ['--experimental-permission', `--allow-fs-read=${dir}`, `--allow-fs-write=${dir}`, script],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    );
    expect(JSON.parse(out)).toEqual({
      same: 'allowed',
      lessTheUmask: 'allowed',
      executable: 'allowed',
      addsExecute: 'ERR_ACCESS_DENIED',
      narrows: 'ERR_ACCESS_DENIED',
    });
  });
});
