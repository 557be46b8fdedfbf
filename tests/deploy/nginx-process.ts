// Debian's nginx running deploy/nginx.conf for a test: the shipped file with only its machine-specific values
// replaced (addresses, the listening port, the certificate, the log and the SPA's copy), inside a main
// configuration of its own in a temp directory. A value the test expects and the file no longer has fails the
// test, so the file and the test cannot drift apart.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** nginx's path, or undefined when this machine has none. */
export function findNginx(): string | undefined {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

export interface NginxSetup {
  nginx: string;
  /** A fresh temp directory: the configuration, logs and nginx's temp files go there. */
  dir: string;
  port: number;
  /** The two instances' ports, in the upstream's order. */
  instancePorts: [number, number];
  /** The directory the SPA's shell is served from when no instance answers (a release's dist/). */
  spaDir: string;
}

/** deploy/nginx.conf with this machine's values in place of the sample's. */
async function templatedSite(setup: NginxSetup): Promise<string> {
  let text = await readFile(path.join(root, 'deploy/nginx.conf'), 'utf8');
  const replacements: [string, string][] = [
    ['server 10.0.0.11:8081 ', `server 127.0.0.1:${setup.instancePorts[0]} `],
    ['server 10.0.0.11:8082 ', `server 127.0.0.1:${setup.instancePorts[1]} `],
    ['listen 443 ssl;', `listen 127.0.0.1:${setup.port};`],
    ['ssl_certificate /etc/ssl/console/fullchain.pem;', ''],
    ['ssl_certificate_key /etc/ssl/console/privkey.pem;', ''],
    ['/var/log/nginx/console.access.log', path.join(setup.dir, 'access.log')],
    ['root /srv/console/dist;', `root ${setup.spaDir};`],
  ];
  for (const [from, to] of replacements) {
    if (!text.includes(from)) throw new Error(`deploy/nginx.conf no longer holds "${from}": update the test`);
    text = text.replace(from, to);
  }
  return text;
}

/** Writes the configuration; returns the arguments that point nginx at it. */
export async function writeConfig(setup: NginxSetup): Promise<string[]> {
  const site = path.join(setup.dir, 'console.conf');
  await writeFile(site, await templatedSite(setup));
  const main = path.join(setup.dir, 'nginx.conf');
  const temp = (name: string) => `${name}_temp_path ${path.join(setup.dir, name)};`;
  await writeFile(
    main,
    [
      // As root, nginx's workers would run as nobody, who cannot read a temp directory made by root.
      process.getuid?.() === 0 ? 'user root;' : '',
      'worker_processes 1;',
      'daemon off;',
      `pid ${path.join(setup.dir, 'nginx.pid')};`,
      `error_log ${path.join(setup.dir, 'error.log')} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `  include /etc/nginx/mime.types;`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((name) => `  ${temp(name)}`),
      `  include ${site};`,
      '}',
      '',
    ].join('\n'),
  );
  return ['-p', setup.dir, '-e', path.join(setup.dir, 'error.log'), '-c', main];
}

/** `nginx -t`: its exit code and what it printed. */
export function testConfig(setup: NginxSetup, args: string[]): { status: number | null; output: string } {
  const run = spawnSync(setup.nginx, ['-t', ...args], { encoding: 'utf8' });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Starts nginx in the foreground; `stop` ends it (SIGQUIT: finish what is under way, then go). */
export function startNginx(
  setup: NginxSetup,
  args: string[],
): { child: ChildProcess; stop: () => Promise<void> } {
  const child = spawn(setup.nginx, args, { stdio: 'ignore' });
  return {
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    },
  };
}
