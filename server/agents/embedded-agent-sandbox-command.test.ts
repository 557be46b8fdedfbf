// Issue 36: with BUILD_COMMAND, the sandboxed embedded agent unpacks the release's sources on disk for the
// operator's script, symbolic links included, though Node's permission model refuses symlink() to it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentWorld,
  createAgentWorld,
  firmwareRepository,
  logOf,
  startWorldAgent,
  taskOf,
  untilBuildEnds,
} from '../test/agent-fixtures';
import { buildBody, submit } from '../test/build-fixtures';
import type { startEmbeddedAgent } from './embedded-agent';

let w: AgentWorld;
let agent: Awaited<ReturnType<typeof startEmbeddedAgent>>;
let dir: string;

// The operator's script reads the link the sources hold and packs an artifact.
const SCRIPT = [
  'set -e',
  'echo "lib64 -> $(readlink "$SOURCES_DIR/firmware-x19/lib64")"',
  'cat "$SOURCES_DIR/firmware-x19/lib64/libc.so.6"',
  'tar -czf "$OUTPUT_DIR/firmware.tar.gz" -C "$SOURCES_DIR" firmware-x19',
].join('\n');

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 2_000 });
  dir = await mkdtemp(path.join(tmpdir(), 'sandbox-command-'));
  await firmwareRepository(
    w,
    path.join(dir, 'firmware-x19'),
    { 'lib/libc.so.6': 'not really libc\n' },
    { lib64: 'lib' },
  );
  const script = path.join(dir, 'build.sh');
  await writeFile(script, `${SCRIPT}\n`, { mode: 0o755 });
  agent = await startWorldAgent(w, { isolation: 'child', buildCommand: `sh ${script}` });
}, 60_000);

afterAll(async () => {
  await agent?.stop();
  await w.close();
  await rm(dir, { recursive: true, force: true });
});

describe("the sandboxed embedded agent and the operator's BUILD_COMMAND", () => {
  it('gives the script the sources with their symbolic links', { timeout: 90_000 }, async () => {
    const build = await submit(w, w.partner.token, buildBody(w, w.set.id, { install_type: 'upgrade' }));
    await untilBuildEnds(w, build.id);
    const log = (await logOf(w, build.id)).join('\n');
    expect((await taskOf(w, build.id))?.status, log).toBe('done');
    expect(log).toContain('lib64 -> lib');
    expect(log).toContain('not really libc');
  });
});
