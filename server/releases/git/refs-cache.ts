import { lsRemote, type RemoteRefs } from './ls-remote';

/** How long one `git ls-remote` answer (or failure) is reused: enough for a form, short enough for a push. */
export const REFS_TTL_MS = 5_000;
/** Under the ~10 s a client waits for a release to save, even when a repository never answers. */
export const REFS_TIMEOUT_MS = 8_000;

interface Entry {
  expires: number;
  refs: Promise<RemoteRefs>;
}

/**
 * Tags and branches per url, kept a few seconds so the release form and its validation do not spawn git on
 * every request; concurrent callers share one running `git ls-remote`. Per process on purpose: it is only a
 * latency saver, and another instance simply asks git itself.
 */
export class RefsCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly list: (url: string, timeoutMs: number) => Promise<RemoteRefs> = lsRemote,
    private readonly ttlMs = REFS_TTL_MS,
    private readonly timeoutMs = REFS_TIMEOUT_MS,
  ) {}

  get(url: string): Promise<RemoteRefs> {
    const now = Date.now();
    const cached = this.entries.get(url);
    if (cached && cached.expires > now) return cached.refs;
    for (const [key, entry] of this.entries) if (entry.expires <= now) this.entries.delete(key);
    const refs = this.list(url, this.timeoutMs);
    // The clock starts when git answers, so a slow repository is not asked again straight away.
    const entry: Entry = { expires: Number.POSITIVE_INFINITY, refs };
    const settle = () => {
      entry.expires = Date.now() + this.ttlMs;
    };
    refs.then(settle, settle);
    this.entries.set(url, entry);
    return refs;
  }

  /** Asks git now, and keeps the answer for the next callers. */
  fresh(url: string): Promise<RemoteRefs> {
    this.entries.delete(url);
    return this.get(url);
  }
}

/** The process's cache, shared by the repository listing and release validation. */
export const refsCache = new RefsCache();
