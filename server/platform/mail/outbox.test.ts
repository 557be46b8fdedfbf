import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTestApp, request, signIn, type TestApp } from '../../test/helper';
import { mimeBodies } from '../../test/mail-catcher';

let t: TestApp;
let dataDir: string;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'outbox-test-'));
  const stream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  // No SMTP_URL: the embedded default.
  t = await createTestApp({
    config: { dataDir, appUrl: 'http://127.0.0.1:8080' },
    logger: { level: 'info', stream },
  });
});

afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function waitForOutbox(count: number): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i += 1) {
    const files = await readdir(dir).catch(() => [] as string[]);
    if (files.length >= count) return files.sort();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no e-mail in the outbox');
}

describe('the outbox (no SMTP server configured)', () => {
  it('keeps each message as an .eml file and logs its link, so the reset flow works', async () => {
    const { email } = await createAccount(t.db);
    const res = await request(t.app, { method: 'POST', url: '/api/auth/forgot-password', body: { email } });
    expect(res.statusCode).toBe(200);

    const [file] = await waitForOutbox(1);
    expect(file).toMatch(/\.eml$/);
    const raw = await readFile(path.join(dataDir, 'outbox', file), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${email}$`, 'm'));
    expect(raw).toMatch(/^Subject: Password reset$/m);
    const link = /http:\/\/127\.0\.0\.1:8080\/reset-password\?token=([\w-]+)/.exec(
      mimeBodies(raw).join('\n'),
    );
    expect(link).not.toBeNull();

    const logged = logLines.find((line) => line.msg?.toString().startsWith('e-mail written to the outbox'));
    expect(logged).toMatchObject({ to: email, link: link?.[0], file: path.join(dataDir, 'outbox', file) });

    const token = link?.[1] ?? '';
    const reset = await request(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token, password: 'from the outbox' },
    });
    expect(reset.statusCode).toBe(200);
    await signIn(t.app, email, 'from the outbox');
  });
});
