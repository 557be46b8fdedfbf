// Issue 36, finding 6.5: a repository url's token must not reach the server's log, whatever text carries it.
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger-options';
import { createTestApp } from './test/helper';

describe("the server's log", () => {
  it('masks the user part of every url in a line, here inside an error nobody wrote for display', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const t = await createTestApp({
      logger: { ...loggerOptions('info'), stream },
      extend: (app) => {
        app.get('/test/fails', async () => {
          // As a driver's or a child process's error reads: the url is in its text.
          throw new Error(
            'Failed query: insert … params: private,https://secret-token@git.example.com/r.git',
          );
        });
      },
    });
    try {
      const res = await t.app.inject({ url: '/test/fails' });
      expect(res.statusCode).toBe(500);
      const log = lines.join('');
      expect(log).toContain('https://***@git.example.com/r.git');
      expect(log).not.toContain('secret-token');
    } finally {
      await t.close();
    }
  });
});
