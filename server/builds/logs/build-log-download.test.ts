// GET …/firmwares/{id}/log.txt: the whole log as a streamed download (issue 14).
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { api, buildBody, createBuildWorld, createSet, submit } from '../../test/build-fixtures';
import { lineText, logPage, seededLog, turnCounter } from '../../test/log-world';
import { sharedWorld } from '../../test/shared-world';
import { logTextChunks } from './build-log-repository';
import { StatementPace } from './log-statement-pace';

const w = sharedWorld(createBuildWorld);
const seeded = seededLog(w);
const logUrl = (query = '', id = seeded.buildId) => `/client/firmware/firmwares/${id}/log${query}`;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('GET …/firmwares/{id}/log.txt', () => {
  it('streams every line of the log as text, in order, as a download', async () => {
    await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = w.t.app.server.address() as AddressInfo;
    const res = await fetch(
      `http://127.0.0.1:${port}/api/client/firmware/firmwares/${seeded.buildId}/log.txt`,
      {
        headers: { authorization: `Bearer ${w.partner.token}` },
      },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="build-${seeded.buildId}.log"`);
    // Sent as it is read, not measured first.
    expect(res.headers.get('content-length')).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBe('chunked');
    const body = await res.text();
    expect(body).toBe(`${range(1, seeded.lines).map(lineText).join('\n')}\n`);
  });

  it('reads the download a statement at a time, other requests getting their turn between statements', async () => {
    // Issue 14: three downloads of a 100,000-line log held /api/health/live for seconds, each statement's
    // answer leading straight to the next one. A turn of the event loop (what a waiting request needs) is
    // counted here by turnCounter.
    const counter = turnCounter();
    const turnsAtChunk: number[] = [];
    let body = '';
    try {
      for await (const chunk of logTextChunks(w.t.db, { id: seeded.buildId, run: 1 }, 1000)) {
        turnsAtChunk.push(counter.turns());
        body += chunk;
      }
    } finally {
      counter.stop();
    }
    expect(body).toBe(`${range(1, seeded.lines).map(lineText).join('\n')}\n`);
    expect(turnsAtChunk).toHaveLength(Math.ceil(seeded.lines / 1000));
    for (let i = 1; i < turnsAtChunk.length; i++)
      expect(turnsAtChunk[i]).toBeGreaterThan(turnsAtChunk[i - 1]);
  });

  it('reads smaller statements when they are slow: a pace set by time, not a fixed thousand lines', async () => {
    // A clock read twice a statement (before, after), on which every statement takes 8 ms: twice the 4 ms aimed at.
    let clock = 0;
    const pace = new StatementPace({
      initial: 1000,
      min: 100,
      max: 5000,
      targetMs: 4,
      now: () => (clock += 8),
    });
    const sizes: number[] = [];
    let body = '';
    for await (const chunk of logTextChunks(w.t.db, { id: seeded.buildId, run: 1 }, pace)) {
      sizes.push(chunk.split('\n').length - 1);
      body += chunk;
    }
    expect(body).toBe(`${range(1, seeded.lines).map(lineText).join('\n')}\n`);
    expect(sizes.slice(0, 5)).toEqual([1000, 500, 250, 125, 100]);
  });

  // On PostgreSQL a statement's answer is decoded as it comes off the socket and two downloads' answers may come
  // in one turn; it is PGlite, answering on the server's own thread, whose statements must take turns.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'runs one statement of all downloads under way a turn, so three at once hold a request no longer than one',
    async () => {
      const counter = turnCounter();
      const turnOfEachChunk: number[] = [];
      const download = async () => {
        let body = '';
        for await (const chunk of logTextChunks(w.t.db, { id: seeded.buildId, run: 1 }, 1000)) {
          turnOfEachChunk.push(counter.turns());
          body += chunk;
        }
        return body;
      };
      try {
        const bodies = await Promise.all([download(), download(), download()]);
        for (const body of bodies) expect(body).toBe(`${range(1, seeded.lines).map(lineText).join('\n')}\n`);
      } finally {
        counter.stop();
      }
      // Each statement's answer is yielded in the turn it ran in: no two in the same turn.
      expect(turnOfEachChunk).toHaveLength(3 * Math.ceil(seeded.lines / 1000));
      expect(new Set(turnOfEachChunk).size).toBe(turnOfEachChunk.length);
    },
  );

  it('answers an empty body for a build without log lines', async () => {
    const set = await createSet(w, w.partner.token, 'empty-log-set');
    const empty = await submit(w, w.partner.token, buildBody(w, set.id));
    const res = await api(w, 'GET', `/client/firmware/firmwares/${empty.id}/log.txt`, w.partner.token);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect((await logPage(w, logUrl('', empty.id))).lines).toEqual([]);
  });
});
