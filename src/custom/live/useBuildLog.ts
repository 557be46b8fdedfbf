import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied, usePermissions } from 'react-admin';
import { POLL_INTERVAL_MS } from '../../../contract/constants';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { startScheduler } from '../../dataProvider/schedulers';
import { buildLogPath, fetchLogPage, LOG_PAGE, type LogQuery } from './buildLogApi';
import { useBuildLive, useLiveConnected, useLiveConnections } from './LiveProvider';
import type { LogLine } from './logLines';
import {
  aroundPages,
  EMPTY_WINDOW,
  fromPage,
  type LogWindow,
  withLive,
  withNewer,
  withOlder,
} from './logWindow';

export interface BuildLog {
  /** The lines held: consecutive lines of the log, in order (the newest page first, then more as asked). */
  lines: readonly LogLine[];
  progress: number;
  /** The first page has not answered yet. */
  isPending: boolean;
  error: unknown;
  /** Lines arrive over the socket while it is connected; otherwise new ones are read every 5 s. */
  isLive: boolean;
  /** Lines older than the first one held exist. */
  hasOlder: boolean;
  /** The lines held reach the newest line (live lines join them). */
  atEnd: boolean;
  /** A page is being read. */
  loading: boolean;
  reload: () => void;
  loadOlder: () => void;
  loadNewer: () => void;
  /** Makes sure the line is held, reading the lines around it when it is not. */
  reveal: (seq: number) => Promise<void>;
  /** Back to the newest lines. */
  toEnd: () => Promise<void>;
  /** The log's API path (admins: /admin/…). */
  path: string;
}

/** Pages a catch-up reads before it rather starts again from the newest page. */
const MAX_CATCH_UP_PAGES = 20;

interface Held {
  buildId: number;
  window: LogWindow;
  progress: number;
}

const newestOf = (held: Held | null) => held?.window.lines.at(-1)?.seq;

/**
 * A build's log, read a page at a time (issue 14): the newest page when the dialog opens, older pages as the
 * user scrolls up, the lines around a search match on request; the socket's lines join while the newest line is
 * held. Nothing held is read again, except the lines after the newest held one after a socket reconnection (some
 * may have been missed) and, for viewers without the socket, every 5 s until the build reaches 100 %.
 */
export function useBuildLog(buildId: number, enabled = true): BuildLog {
  const httpClient = useHttpClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const { permissions, isPending: rolePending } = usePermissions();
  const path = buildLogPath(buildId, permissions === 'admin');
  const ready = enabled && !rolePending;
  // Live while the socket is connected (every signed-in account has one); while it is down, poll.
  const socket = useLiveConnected();
  const live = useBuildLive(buildId);
  const connections = useLiveConnections();

  const [held, setHeld] = useState<Held | null>(null);
  const [failure, setFailure] = useState<{ buildId: number; error: unknown } | null>(null);
  const [loading, setLoading] = useState(false);
  const [reloads, setReloads] = useState(0);
  // The source of truth between renders: reads queue one after another and each starts from what the last left.
  const ref = useRef<Held | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const epoch = useRef(0);

  const current = held?.buildId === buildId ? held : null;
  const error = failure?.buildId === buildId ? failure.error : null;

  const commit = useCallback((next: Held) => {
    ref.current = next;
    setHeld(next);
  }, []);

  /** Runs reads one at a time; a read started for another build (or before a reload) changes nothing. */
  const run = useCallback(
    (read: (window: LogWindow) => Promise<((held: Held) => Held) | undefined>) => {
      const mine = epoch.current;
      const next = queue.current.then(async () => {
        if (mine !== epoch.current) return;
        const before = ref.current;
        setLoading(true);
        try {
          const change = await read(before?.window ?? EMPTY_WINDOW);
          if (mine !== epoch.current || !change) return;
          commit(change(ref.current ?? { buildId, window: EMPTY_WINDOW, progress: 0 }));
          setFailure(null);
        } catch (error) {
          if (mine !== epoch.current || (await logoutIfAccessDenied(error))) return;
          setFailure({ buildId, error });
        } finally {
          if (mine === epoch.current) setLoading(false);
        }
      });
      queue.current = next.catch(() => undefined);
      return next;
    },
    [buildId, commit, logoutIfAccessDenied],
  );

  const page = useCallback((query: LogQuery) => fetchLogPage(httpClient, path, query), [httpClient, path]);

  /**
   * The lines after `from` (the newest held line when the catch-up was asked for: live lines that joined since
   * may follow a gap), a page at a time, until the end; after too many pages, the newest page instead.
   */
  const catchUp = useCallback(
    (from: number | undefined) =>
      run(async (window) => {
        if (from === undefined) {
          const newest = await page({});
          return (h) => ({ ...h, window: fromPage(newest), progress: newest.progress });
        }
        let next = window;
        let after = from;
        for (let pages = 0; pages < MAX_CATCH_UP_PAGES; pages++) {
          const read = await page({ after });
          next = withNewer(next, read);
          if (read.after === null) {
            const done = next;
            return (h) => ({ ...h, window: done, progress: read.progress });
          }
          after = read.after;
        }
        const newest = await page({});
        return (h) => ({ ...h, window: fromPage(newest), progress: newest.progress });
      }),
    [run, page],
  );

  // The newest page when the dialog opens (and on reload); anything held of another build is let go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is the trigger of a new first read
  useEffect(() => {
    if (!ready) return;
    epoch.current++;
    ref.current = null;
    setHeld(null);
    setLoading(false);
    void run(async () => {
      const first = await page({});
      return () => ({ buildId, window: fromPage(first), progress: first.progress });
    });
  }, [ready, buildId, path, reloads, run, page]);

  // After a reconnection lines sent meanwhile are only stored: read what follows the newest held line.
  const seenConnections = useRef(connections);
  useEffect(() => {
    if (!ready || connections === seenConnections.current) return;
    seenConnections.current = connections;
    if (ref.current?.window.atEnd) void catchUp(newestOf(ref.current));
  }, [ready, connections, catchUp]);

  // Without the socket: the new lines every 5 s until the build is finished.
  const progress = live.progress ?? current?.progress ?? 0;
  const poll = ready && !socket && current !== null && progress < 100;
  useEffect(() => {
    if (!poll) return;
    // The scheduler runs at once: the first page has just been read, so the first round waits.
    let first = true;
    return startScheduler(() => {
      if (first) first = false;
      else if (ref.current?.window.atEnd) return catchUp(newestOf(ref.current));
    }, POLL_INTERVAL_MS);
  }, [poll, catchUp]);

  // Live lines join the held ones while the newest line is held (also those that came before the first page).
  // biome-ignore lint/correctness/useExhaustiveDependencies: `held` is the trigger after a page was read
  useEffect(() => {
    const now = ref.current;
    if (!now || now.buildId !== buildId || live.lines.length === 0) return;
    const window = withLive(now.window, live.lines);
    if (window !== now.window) commit({ ...now, window });
  }, [live.lines, held, buildId, commit]);

  const window = current?.window ?? EMPTY_WINDOW;
  return {
    lines: window.lines,
    progress,
    isPending: current === null && !error,
    error,
    isLive: socket,
    hasOlder: window.before !== null,
    atEnd: window.atEnd,
    loading,
    reload: () => setReloads((n) => n + 1),
    loadOlder: () => {
      if (ref.current?.window.before == null || loading) return;
      void run(async (w) => {
        if (w.before === null) return undefined;
        const older = await page({ before: w.before });
        return (h) => ({ ...h, window: withOlder(h.window, older), progress: older.progress });
      });
    },
    loadNewer: () => {
      const w = ref.current?.window;
      if (!w || w.atEnd || loading) return;
      void run(async (win) => {
        const last = win.lines.at(-1)?.seq;
        if (win.atEnd || last === undefined) return undefined;
        const newer = await page({ after: last });
        return (h) => ({ ...h, window: withNewer(h.window, newer), progress: newer.progress });
      });
    },
    reveal: async (seq) => {
      const w = ref.current?.window;
      const first = w?.lines[0]?.seq;
      const last = w?.lines.at(-1)?.seq;
      if (first !== undefined && last !== undefined && seq >= first && seq <= last) return;
      await run(async () => {
        const half = LOG_PAGE / 2;
        const [older, newer] = await Promise.all([
          page({ before: seq + 1, limit: half }),
          page({ after: seq, limit: half }),
        ]);
        return (h) => ({ ...h, window: aroundPages(older, newer), progress: newer.progress });
      });
    },
    toEnd: async () => {
      if (ref.current?.window.atEnd) return;
      await run(async () => {
        const newest = await page({});
        return (h) => ({ ...h, window: fromPage(newest), progress: newest.progress });
      });
    },
    path,
  };
}
