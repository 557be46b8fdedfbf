// Issue 38: the typed client (clients/typescript) and the partner's script, against a live server, so that
// the document, the client and the server cannot drift apart.
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { buildFirmware } from '../../../clients/typescript/examples/build-firmware';
import { clientTypes } from '../../../clients/typescript/generate';
import { consoleClient } from '../../../clients/typescript/src/index';
import { fromRoot } from '../../paths';
import { addAgent, claim, createAgentWorld } from '../../test/agent-fixtures';
import { finishJobWithArchive } from '../../test/archive-build';
import { buildBody, pools } from '../../test/build-fixtures';
import { request } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const APP_URL = 'http://localhost:8080';
const w = sharedWorld(() => createAgentWorld({}, { appUrl: APP_URL }));
afterAll(() => w.t.app.server.closeAllConnections());

describe('the typed client', () => {
  it('is what `npm run client:generate` makes of the document served now', async () => {
    const served = (await w.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const committed = await readFile(fromRoot('clients/typescript/src/api.d.ts'), 'utf8');
    expect(await clientTypes(served), 'run `npm run client:generate`').toBe(committed);
  }, 120_000);

  it("runs the partner's script: a set, a build, its download verified", async () => {
    const baseUrl = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const agent = await addAgent(w, 'script-agent');
    // The build agent's side: claims the script's build and finishes it with a real archive.
    const agentSide = (async () => {
      for (;;) {
        const job = await claim(w, agent.token);
        if (job) return finishJobWithArchive(w, agent.token, job);
      }
    })();
    const { group_id: _, ...build } = buildBody(w, 0, {
      fee_pools_configs: pools([{}, { worker: 'script' }]),
    });
    const lines: string[] = [];
    // The partner's API token, as My settings → API makes it: the script sends no XSRF pair.
    const made = await request(w.t.app, {
      method: 'POST',
      url: '/api/client/account/tokens',
      token: w.partner.token,
      body: { name: 'script', scope: 'build' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const client = consoleClient({ baseUrl, token: made.json<{ token: string }>().token });
    const result = await buildFirmware(client, {
      setName: 'from a script',
      build: build as never,
      pollMs: 100,
      timeoutMs: 60_000,
      log: (line) => lines.push(line),
    });
    const finished = await agentSide;
    expect(result.sha256).toBe(finished.sha256);
    expect(result.build.status).toBe('done');
    expect(lines.at(-1)).toMatch(/sha256 [0-9a-f]{64} verified$/);
  }, 120_000);
});
