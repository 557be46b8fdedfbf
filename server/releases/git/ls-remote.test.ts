import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { gitFailureReason, lsRemote, parseLsRemote, RepositoryUnreachableError } from './ls-remote';

describe('parseLsRemote', () => {
  it('splits tags from branches and drops peeled tags', () => {
    const output = [
      'a1\trefs/heads/main',
      'b2\trefs/tags/v1.0.0',
      'c3\trefs/tags/v1.0.0^{}',
      'd4\trefs/heads/develop',
      'e5\trefs/pull/1/head',
    ].join('\n');
    expect(parseLsRemote(output)).toEqual({ tags: ['v1.0.0'], branches: ['develop', 'main'] });
  });
});

describe('gitFailureReason', () => {
  it("takes git's fatal line, not the advice after it", () => {
    const stderr =
      "fatal: '/x' does not appear to be a git repository\nfatal: Could not read\n\nPlease make sure";
    expect(gitFailureReason(stderr)).toBe("'/x' does not appear to be a git repository");
    expect(gitFailureReason('')).toBe('git failed');
  });
});

describe('lsRemote', () => {
  const sockets: Socket[] = [];
  let server: Server | undefined;

  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    server?.close();
  });

  it('fails fast and clearly for a missing repository', async () => {
    const error = await lsRemote('file:///nonexistent').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RepositoryUnreachableError);
    expect((error as RepositoryUnreachableError).reason).toBe(
      "'/nonexistent' does not appear to be a git repository",
    );
  });

  it('gives up on a server that never answers', async () => {
    // A git daemon that accepts the connection and then says nothing.
    server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const started = Date.now();
    const error = await lsRemote(`git://127.0.0.1:${port}/repo.git`, 500).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect((error as RepositoryUnreachableError).reason).toBe('no answer within 0.5 s');
  });

  it('never reads a url as an option or runs the ext transport', async () => {
    for (const url of [
      '--upload-pack=touch /tmp/ls-remote-pwned',
      'ext::sh -c touch% /tmp/ls-remote-pwned',
    ]) {
      await expect(lsRemote(url)).rejects.toBeInstanceOf(RepositoryUnreachableError);
    }
  });
});
