// Issue 36, finding 6.5: a repository url's token must not reach the server's log, whatever text carries it.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';
import { createTestApp, type TestAppOptions } from './test/helper';

/** A test app whose log lines are collected in `lines`. */
async function appWithLog(extend?: TestAppOptions['extend']) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const t = await createTestApp({ logger: { ...loggerOptions('info'), stream }, extend });
  return { t, log: () => lines.join('') };
}

describe("the server's log", () => {
  it('keeps query strings out of the request lines (issue 43: a token in a url reached the logs)', async () => {
    const { t, log } = await appWithLog();
    try {
      await t.app.inject({ url: '/api/health/live?x=1&access_token=secret-in-query' });
      await t.app.inject({ url: '/reset-password?token=another-secret' });
      expect(log()).toContain('"url":"/api/health/live?…"');
      expect(log()).not.toContain('secret-in-query');
      expect(log()).not.toContain('another-secret');
    } finally {
      await t.close();
    }
  });

  it('masks the user part of every url in a line, here inside an error nobody wrote for display', async () => {
    const { t, log } = await appWithLog((app) => {
      app.get('/test/fails', async () => {
        // As a driver's or a child process's error reads: the url is in its text.
        throw new Error('Failed query: insert … params: private,https://secret-token@git.example.com/r.git');
      });
    });
    try {
      const res = await t.app.inject({ url: '/test/fails' });
      expect(res.statusCode).toBe(500);
      expect(log()).toContain('https://***@git.example.com/r.git');
      expect(log()).not.toContain('secret-token');
    } finally {
      await t.close();
    }
  });
});
