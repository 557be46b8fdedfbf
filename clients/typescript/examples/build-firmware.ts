// A partner's script, using only the typed client: create a set, submit a build, wait for it, download the
// firmware and check it against the sha256 the console recorded.
//   CONSOLE_URL=https://console.example.com CONSOLE_TOKEN=… npx tsx clients/typescript/examples/build-firmware.ts
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { type ConsoleClient, type components, consoleClient } from '../src/index';

type BuildCreate = components['schemas']['BuildCreate'];
type Build = components['schemas']['Build'];

export interface BuildFirmwareOptions {
  setName: string;
  /** The build's fields but its set, which the script creates. */
  build: Omit<BuildCreate, 'group_id'>;
  pollMs?: number;
  timeoutMs?: number;
  log?: (line: string) => void;
}

const failed = (step: string, error: unknown) => new Error(`${step} failed: ${JSON.stringify(error)}`);

export async function buildFirmware(client: ConsoleClient, options: BuildFirmwareOptions) {
  const log = options.log ?? console.log;
  const set = await client.POST('/api/client/firmware/groups', { body: { name: options.setName } });
  if (!set.data) throw failed('Creating the set', set.error);
  log(`set ${set.data.id} created`);

  const submitted = await client.POST('/api/client/firmware/firmwares', {
    body: { ...options.build, group_id: set.data.id },
  });
  if (!submitted.data) throw failed('Submitting the build', submitted.error);
  const id = submitted.data.id;
  log(`build ${id} submitted`);

  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  let build: Build | undefined;
  for (;;) {
    const listed = await client.GET('/api/client/firmware/firmwares', {
      params: { query: { group_id: set.data.id } },
    });
    if (!listed.data) throw failed('Reading the build', listed.error);
    build = listed.data.find((item) => item.id === id);
    if (build && !['pending', 'in_progress'].includes(build.status)) break;
    if (Date.now() > deadline) throw new Error(`build ${id} did not finish in time`);
    await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 5000));
  }
  if (build?.status !== 'done' || !build.uuid || !build.sha256)
    throw new Error(`build ${id} ended ${build?.status}`);
  log(`build ${id} done`);

  const file = await client.GET('/api/files/firmwares/{uuid}', {
    params: { path: { uuid: build.uuid } },
    parseAs: 'arrayBuffer',
  });
  if (!file.data) throw failed('Downloading the firmware', file.error);
  const bytes = Buffer.from(file.data as ArrayBuffer);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== build.sha256)
    throw new Error(`downloaded sha256 ${sha256}, the console recorded ${build.sha256}`);
  log(`downloaded ${bytes.length} bytes, sha256 ${sha256} verified`);
  return { build, bytes, sha256 };
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const { CONSOLE_URL, CONSOLE_TOKEN, BUILD_JSON } = process.env;
  if (!CONSOLE_URL || !CONSOLE_TOKEN || !BUILD_JSON) {
    console.error(
      "Set CONSOLE_URL, CONSOLE_TOKEN and BUILD_JSON (the build's fields as JSON, without group_id).",
    );
    process.exit(2);
  }
  const client = consoleClient({ baseUrl: CONSOLE_URL, token: CONSOLE_TOKEN });
  const { build, bytes } = await buildFirmware(client, {
    // A set's name takes letters, digits, spaces and _ - . only: the time's colons would be refused (422).
    setName: `script ${new Date().toISOString().replace(/:/g, '.')}`,
    build: JSON.parse(BUILD_JSON),
  });
  await writeFile(`${build.uuid}.tar.gz`, bytes);
  console.log(`saved ${build.uuid}.tar.gz`);
}
