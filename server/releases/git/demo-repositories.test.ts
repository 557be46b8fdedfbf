import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_BRANCHES, DEMO_TAGS, type DemoRepository, ensureDemoRepositories } from './demo-repositories';
import { lsRemote } from './ls-remote';

const SERIES = ['x19', 'x21', 'l9', 'l7', 'x17', 't2t'];
const realGit = execFileSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).trim();
let dir: string;

// A data directory per test: the first counts what a fresh one costs, the others make what they read.
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'demo-repos-'));
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('ensureDemoRepositories', () => {
  it('creates a repository per series and a shared web UI with one git process each', async () => {
    // Counting processes rather than timing them: the time wanders with whatever else shares the CPU.
    const shim = join(dir, 'bin');
    const log = join(dir, 'git-calls');
    await mkdir(shim);
    await writeFile(join(shim, 'git'), `#!/bin/sh\necho "$*" >> '${log}'\nexec '${realGit}' "$@"\n`, {
      mode: 0o755,
    });
    const path = process.env.PATH;
    process.env.PATH = `${shim}:${path}`;
    let repos: DemoRepository[];
    try {
      repos = await ensureDemoRepositories(dir, SERIES);
    } finally {
      process.env.PATH = path;
    }
    const calls = (await readFile(log, 'utf8')).trim().split('\n');
    expect(calls).toEqual(Array(7).fill(expect.stringMatching(/(^| )fast-import( |$)/)));
    expect(repos.map((r) => r.name)).toEqual([...SERIES.map((s) => `firmware-${s}`), 'web-ui']);
    expect(repos.at(-1)?.series).toEqual(SERIES);
    expect(repos[0]).toEqual({
      name: 'firmware-x19',
      url: join(dir, 'repos', 'firmware-x19'),
      series: ['x19'],
    });
    for (const repo of repos) {
      expect(await lsRemote(repo.url)).toEqual({ tags: [...DEMO_TAGS].sort(), branches: DEMO_BRANCHES });
      // Kept in one pack, not ~50 loose object files (a fresh start creates every one of them).
      const objects = execFileSync('git', ['--git-dir', repo.url, 'count-objects', '-v'], {
        encoding: 'utf8',
      });
      expect(objects).toMatch(/^count: 0$/m);
      expect(objects).toMatch(/^packs: 1$/m);
    }
    expect((await readdir(join(dir, 'repos'))).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('gives each tag its own tree, develop one commit past main, the same history every time', async () => {
    await ensureDemoRepositories(dir, ['x19']);
    const repo = join(dir, 'repos', 'firmware-x19');
    const show = (...args: string[]) =>
      execFileSync('git', ['--git-dir', repo, ...args], { encoding: 'utf8' });
    expect(show('show', 'v1.1.0-beta.1:VERSION')).toBe('1.1.0-beta.1\n');
    expect(show('show', 'v1.0.0:etc/miner.conf')).toContain('autotune = off');
    // The packaging recipe the default builder follows, with the miner.conf template it renders.
    expect(JSON.parse(show('show', 'v1.1.0:build/recipe.json'))).toMatchObject({ recipe: 2 });
    expect(show('show', 'v1.0.0:build/templates/miner.conf')).toContain('pools = {{ pools | json }}');
    expect(show('rev-list', '--count', 'main')).toBe(`${DEMO_TAGS.length}\n`);
    expect(show('rev-list', '--count', 'main..develop')).toBe('1\n');
    const other = await mkdtemp(join(tmpdir(), 'demo-repos-'));
    try {
      const [again] = await ensureDemoRepositories(other, ['x19']);
      const head = (gitDir: string) =>
        execFileSync('git', ['--git-dir', gitDir, 'rev-parse', 'develop'], { encoding: 'utf8' });
      expect(head(again.url)).toBe(head(repo));
    } finally {
      await rm(other, { recursive: true, force: true });
    }
  });

  it('leaves existing repositories alone', async () => {
    await ensureDemoRepositories(dir, SERIES);
    const before = execFileSync('git', ['ls-remote', join(dir, 'repos', 'web-ui')], { encoding: 'utf8' });
    await ensureDemoRepositories(dir, SERIES);
    expect(execFileSync('git', ['ls-remote', join(dir, 'repos', 'web-ui')], { encoding: 'utf8' })).toBe(
      before,
    );
  });
});
