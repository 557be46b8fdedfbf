import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { demoCatalogue } from '../../catalogue/demo-catalogue';
import { demoRecipeFiles } from './demo-recipe';

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

export const DEMO_BRANCHES = ['develop', 'main'];

export interface DemoRepository {
  name: string;
  /** The repository's directory, which is also what `git ls-remote` takes as its url. */
  url: string;
  series: string[];
}

/** The demo's release sources: a firmware tree per series and one web interface shared by all series. */
export function demoRepositoryNames(series: string[]): { name: string; series: string[] }[] {
  return [...series.map((s) => ({ name: `firmware-${s}`, series: [s] })), { name: 'web-ui', series }];
}

// Fixed dates make the demo repositories the same on every machine: the first tag on 15 January 2024, one
// tag every two weeks after it.
const FIRST_COMMIT = Date.UTC(2024, 0, 15, 10) / 1000;
const TWO_WEEKS = 14 * 24 * 60 * 60;

function files(name: string, tag: string): Record<string, string> {
  const version = tag.slice(1);
  const common = {
    VERSION: `${version}\n`,
    'README.md': `# ${name}\n\nDemo release source of the firmware console. Tags follow the release stage ladder.\n`,
  };
  if (name === 'web-ui') {
    return { ...common, 'www/index.html': `<!doctype html>\n<title>Miner web UI ${version}</title>\n` };
  }
  const autotune = tag === 'v1.0.0' ? 'off' : 'on';
  return {
    ...common,
    'etc/miner.conf': `# ${name} ${version}\npools = []\nfan_mode = auto\nautotune = ${autotune}\n`,
    // The packaging recipe and its templates: the default builder renders the build's settings into them.
    ...demoRecipeFiles(name, version, autotune),
  };
}

/** `data` command of fast-import: the exact byte count, then the bytes. */
const data = (text: string) => `data ${Buffer.byteLength(text)}\n${text}\n`;

/**
 * A `git fast-import` stream building the whole history in one process: a commit and an annotated tag per
 * demo tag on `main`, and `develop` one commit ahead of it.
 */
export function demoHistory(name: string): string {
  const out: string[] = [];
  const who = (time: number) => `Demo <demo@localhost> ${time} +0000`;
  DEMO_TAGS.forEach((tag, i) => {
    const time = FIRST_COMMIT + i * TWO_WEEKS;
    out.push(`commit refs/heads/main\nmark :${i + 1}\nauthor ${who(time)}\ncommitter ${who(time)}\n`);
    out.push(data(`${name} ${tag}`));
    for (const [path, text] of Object.entries(files(name, tag)))
      out.push(`M 100644 inline ${path}\n${data(text)}`);
    out.push(`tag ${tag}\nfrom :${i + 1}\ntagger ${who(time)}\n${data(`${name} ${tag}`)}`);
  });
  const time = FIRST_COMMIT + DEMO_TAGS.length * TWO_WEEKS;
  out.push(`commit refs/heads/develop\nauthor ${who(time)}\ncommitter ${who(time)}\n`);
  out.push(data('Start 1.2.0 development'));
  out.push(`from :${DEMO_TAGS.length}\nM 100644 inline VERSION\n${data('1.2.0-dev\n')}`);
  out.push('done\n');
  return out.join('');
}

function fastImport(gitDir: string, stream: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The objects stay in one pack: unpacked (git's default below 100 objects) they are ~100 files per
    // repository, and creating files is most of what a fresh start costs on a slow disk.
    const child = spawn('git', ['-c', 'fastimport.unpackLimit=0', 'fast-import', '--quiet', '--done'], {
      env: { ...process.env, GIT_DIR: gitDir },
      stdio: ['pipe', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`git fast-import failed: ${stderr.trim()}`)),
    );
    child.stdin.end(stream);
  });
}

/**
 * What `git init --bare --initial-branch=main` writes that git needs, without a process for it (each spawn
 * from a server that holds PGlite's memory costs tens of milliseconds).
 */
async function initBare(dir: string): Promise<void> {
  for (const sub of ['objects/info', 'objects/pack', 'refs/heads', 'refs/tags', 'info'])
    await mkdir(join(dir, sub), { recursive: true });
  await writeFile(join(dir, 'HEAD'), 'ref: refs/heads/main\n');
  await writeFile(
    join(dir, 'config'),
    '[core]\n\trepositoryformatversion = 0\n\tfilemode = true\n\tbare = true\n',
  );
}

/**
 * Creates one bare repository (one git process). It is built aside and renamed into place, so a
 * repository that exists is complete even if a start was interrupted or another instance raced us.
 */
async function createRepository(root: string, dir: string, name: string): Promise<void> {
  const temp = join(root, `.${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await initBare(temp);
    await fastImport(temp, demoHistory(name));
    await rename(temp, dir).catch((error: NodeJS.ErrnoException) => {
      // Another process finished the same repository first: theirs is as good as ours.
      if (!existsSync(dir)) throw error;
    });
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/**
 * Makes sure DATA_DIR/repos holds the demo repositories; existing ones are left as they are. Rejects when
 * git is not installed (the caller decides whether that matters).
 */
export async function ensureDemoRepositories(dataDir: string, series: string[]): Promise<DemoRepository[]> {
  const root = join(dataDir, 'repos');
  await mkdir(root, { recursive: true });
  // Every repository settles before the answer: a rejection (no git) must not leave the others still writing
  // their temporary folders after the caller has moved on.
  const made = await Promise.allSettled(
    demoRepositoryNames(series).map(async ({ name, series: of }) => {
      const dir = join(root, name);
      if (!existsSync(dir)) await createRepository(root, dir, name);
      return { name, url: dir, series: of };
    }),
  );
  const failed = made.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return made.map((result) => (result as PromiseFulfilledResult<DemoRepository>).value);
}

/**
 * With the demo on a DATA_DIR that has no repositories yet: builds the demo's git repositories for the demo
 * catalogue's series right away, so that the process entry can run it beside loading the server and opening
 * the database. The seed later registers them (and creates any a different catalogue needs). Never rejects:
 * the seed reports a missing git.
 */
export async function prepareDemoRepositories(options: { seedDemo: boolean; dataDir?: string }) {
  if (!options.seedDemo || !options.dataDir || existsSync(join(options.dataDir, 'repos'))) return;
  const series = demoCatalogue().series.map((s) => s.name);
  await ensureDemoRepositories(options.dataDir, series).catch(() => undefined);
}
