import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Tags every demo repository carries: one per stage of the ladder, so every stage can be released offline. */
export const DEMO_TAGS = [
  'v1.0.0',
  'v1.1.0-dev.1',
  'v1.1.0-alpha.1',
  'v1.1.0-beta.1',
  'v1.1.0-rc.1',
  'v1.1.0-pre.1',
  'v1.1.0',
];

export interface DemoRepository {
  name: string;
  url: string;
  series: string[];
}

/** The demo's release sources: a firmware tree per series and one web interface shared by all series. */
export function demoRepositoryNames(series: string[]): { name: string; series: string[] }[] {
  return [...series.map((s) => ({ name: `firmware-${s}`, series: [s] })), { name: 'web-ui', series }];
}

async function git(cwd: string, ...args: string[]) {
  await run(
    'git',
    ['-c', 'user.name=Demo', '-c', 'user.email=demo@localhost', '-c', 'commit.gpgsign=false', ...args],
    {
      cwd,
    },
  );
}

/** Creates one small git repository with a commit per demo tag and `main` and `develop` branches. */
async function createRepository(dir: string, name: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  await git(dir, 'init', '-q', '-b', 'main');
  for (const tag of DEMO_TAGS) {
    await mkdir(join(dir, 'etc'), { recursive: true });
    await writeFile(join(dir, 'VERSION'), `${name} ${tag}\n`);
    await writeFile(join(dir, 'etc', 'miner.conf'), `# ${name} ${tag}\npools = []\nfan_mode = auto\n`);
    await git(dir, 'add', '-A');
    await git(dir, 'commit', '-q', '-m', `${name} ${tag}`);
    await git(dir, 'tag', tag);
  }
  await git(dir, 'branch', 'develop');
}

/** Makes sure DATA_DIR/repos holds the demo repositories; existing ones are left as they are. */
export async function ensureDemoRepositories(dataDir: string, series: string[]): Promise<DemoRepository[]> {
  const root = join(dataDir, 'repos');
  const repos: DemoRepository[] = [];
  for (const { name, series: of } of demoRepositoryNames(series)) {
    const dir = join(root, name);
    if (!existsSync(join(dir, '.git'))) await createRepository(dir, name);
    repos.push({ name, url: dir, series: of });
  }
  return repos;
}
