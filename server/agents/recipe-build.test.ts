// Firmware as a partner gets it: the embedded agent builds from the demo repositories, which carry a packaging
// recipe, and the stored artifact is opened like a flashing tool would — the SD card's FAT file system (read by
// FatFs), the NAND image's partition table — to find the build's settings in the miner's own etc/miner.conf.
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFatImage } from '../../agent/builders/fat-read';
import { parsePartitionImage } from '../../agent/builders/partition-image';
import { readTar } from '../../agent/tar';
import { listLicenses } from '../accounts/licenses-repository';
import { blobName } from '../builds/artifacts/artifact-store';
import { findBuildByUuid } from '../builds/builds-repository';
import { type AgentWorld, createAgentWorld, startWorldAgent, taskOf } from '../test/agent-fixtures';
import { buildBody, submit } from '../test/build-fixtures';
import type { startEmbeddedAgent } from './embedded-agent';

let w: AgentWorld;
let agent: Awaited<ReturnType<typeof startEmbeddedAgent>>;

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 2_000 });
  agent = await startWorldAgent(w);
});

afterAll(async () => {
  await agent?.stop();
  await w.close();
});

/** Builds one firmware of `installType` and answers the files of its artifact. */
async function built(installType: string): Promise<{ uuid: string; files: Map<string, Buffer> }> {
  const build = await submit(w, w.partner.token, buildBody(w, w.set.id, { install_type: installType }));
  await expect
    .poll(async () => (await taskOf(w, build.id))?.status, { timeout: 60_000, interval: 200 })
    .toBe('done');
  const files = new Map<string, Buffer>();
  // Stored once by its content (issue 16): the row's sha256 names the file.
  const row = await findBuildByUuid(w.t.db, build.uuid);
  const artifact = createReadStream(path.join(w.dataDir, blobName(row?.sha256 ?? ''))).pipe(createGunzip());
  for await (const entry of readTar(artifact)) if (entry.type === 'file') files.set(entry.path, entry.data);
  return { uuid: build.uuid, files };
}

async function expectSettings(minerConf: string) {
  const [license] = await listLicenses(w.t.db);
  expect(minerConf).toMatch(
    /^devfee = \{"url":"stratum\+tcp:\/\/btc\.viabtc\.io:3333","user":"vendor\.myset"/m,
  );
  // The partner's pool is hidden: mined through the fee scheduler, not listed among the miner's own pools.
  expect(minerConf).toMatch(
    /^fee_pools = \[\{"url":"stratum\+tcp:\/\/btc\.f2pool\.com:1314","user":"partner\.main\.rig001"/m,
  );
  expect(minerConf).toMatch(/^pools = \[\]$/m);
  expect(minerConf).toMatch(/^total_fee = 3\.5$/m);
  expect(minerConf).toContain(`license = ${license.name}\n`);
  expect(minerConf).toMatch(/^# firmware-x19 1\.0\.0: S19 Pro on amlogic/);
}

describe('a build along the release repository’s recipe', () => {
  it('gives an SD-card image whose FAT file system holds the settings in etc/miner.conf', async () => {
    const { uuid, files } = await built('sd');
    expect([...files.keys()].sort()).toEqual([`${uuid}/manifest.json`, `${uuid}/sdcard.img`]);
    const fat = await readFatImage(files.get(`${uuid}/sdcard.img`) ?? Buffer.alloc(0));
    await expectSettings(fat.files.get('etc/miner.conf')?.toString() ?? '');
    expect(fat.files.get('www/index.html')?.toString()).toContain('Miner web UI 1.0.0');
    const manifest = JSON.parse(files.get(`${uuid}/manifest.json`)?.toString() ?? '{}');
    expect(manifest).toMatchObject({
      uuid,
      install_type: 'sd',
      image: 'sdcard.img',
      recipe: { repository: 'firmware-x19' },
    });
  }, 90_000);

  it("gives a NAND image of the recipe's partitions, the settings in the config partition", async () => {
    const { uuid, files } = await built('nand');
    const { magic, partitions } = parsePartitionImage(files.get(`${uuid}/nand.img`) ?? Buffer.alloc(16));
    expect(magic).toBe('MINERNND');
    const config = partitions.find((p) => p.name === 'config');
    let minerConf = '';
    for await (const entry of readTar(Readable.from([config?.data ?? Buffer.alloc(0)])))
      if (entry.path === 'etc/miner.conf') minerConf = entry.data.toString();
    await expectSettings(minerConf);
  }, 90_000);
});
