import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AgentApi } from './api-client';
import type { DeployedRelease, SourceHolding } from './protocol';

const encode = (name: string) => encodeURIComponent(name).replaceAll('.', '%2E');
const decode = (name: string) => decodeURIComponent(name);

/**
 * Release sources the agent holds: one tar per repository and tag in `<workDir>/sources`, fetched from the
 * server once and reused by every build of that tag. What it holds is reported in each heartbeat.
 */
export class SourceCache {
  private readonly dir: string;
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(workDir: string) {
    this.dir = path.join(workDir, 'sources');
  }

  fileOf(repository: string, tag: string): string {
    return path.join(this.dir, encode(repository), `${encode(tag)}.tar`);
  }

  /** The tar of `repository` at `tag`, fetched first when missing; concurrent asks share one download. */
  ensure(api: AgentApi, repository: string, tag: string, jobId?: number): Promise<string> {
    const file = this.fileOf(repository, tag);
    let pending = this.inflight.get(file);
    if (!pending) {
      pending = this.download(api, file, repository, tag, jobId).finally(() => this.inflight.delete(file));
      this.inflight.set(file, pending);
    }
    return pending;
  }

  private async download(
    api: AgentApi,
    file: string,
    repository: string,
    tag: string,
    jobId?: number,
  ): Promise<string> {
    if (await exists(file)) return file;
    await mkdir(path.dirname(file), { recursive: true });
    const part = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
    try {
      const body = await api.source(repository, tag, jobId);
      await pipeline(
        Readable.fromWeb(body as import('node:stream/web').ReadableStream),
        createWriteStream(part),
      );
      await rename(part, file);
    } finally {
      await rm(part, { force: true });
    }
    return file;
  }

  async holdings(): Promise<SourceHolding[]> {
    const repositories = await readdir(this.dir).catch(() => [] as string[]);
    const held: SourceHolding[] = [];
    for (const repository of repositories.sort()) {
      const files = await readdir(path.join(this.dir, repository)).catch(() => [] as string[]);
      const tags = files.filter((f) => f.endsWith('.tar')).map((f) => decode(f.slice(0, -'.tar'.length)));
      if (tags.length > 0) held.push({ repository: decode(repository), tags: tags.sort() });
    }
    return held;
  }

  /** The deployed releases whose every tag is held. */
  async releasesHeld(deployed: DeployedRelease[]): Promise<number[]> {
    const held: number[] = [];
    for (const release of deployed) {
      const all = await Promise.all(release.tags.map((t) => exists(this.fileOf(t.repository, t.tag))));
      if (all.every(Boolean)) held.push(release.id);
    }
    return held;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}
