import { useEffect, useMemo, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { POLL_INTERVAL_MS } from '../../../contract/constants';
import { useHttpClient } from '../../api/ApiContext';
import { startScheduler } from '../../lib/schedulers';
import { fetchBuildLog, type StoredBuildLog } from './buildLogApi';
import { useBuildLive, useLiveConnected, useLiveConnections } from './LiveProvider';
import { type LogLine, mergeLogLines } from './logLines';

export interface BuildLog {
  lines: LogLine[];
  progress: number;
  /** The stored log has not answered yet. */
  isPending: boolean;
  error: unknown;
  /** Lines arrive over the socket; while it is down, the stored log is read every 5 s. */
  isLive: boolean;
  reload: () => void;
}

/**
 * A build's whole log: the stored log first (GET …/log), then the socket's lines, merged by sequence number. The
 * stored log is read again after every socket reconnection (lines sent meanwhile are only stored) and, while
 * the socket is down, every 5 s until the build reaches 100 %.
 */
export function useBuildLog(buildId: number, enabled = true): BuildLog {
  const httpClient = useHttpClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const socket = useLiveConnected();
  const live = useBuildLive(buildId);
  const connections = useLiveConnections();
  // Both keyed by the build, so a dialog switched to another build never shows the previous one's log.
  const [read, setRead] = useState<{ buildId: number; log: StoredBuildLog } | null>(null);
  const [failure, setFailure] = useState<{ buildId: number; error: unknown } | null>(null);
  const stored = read?.buildId === buildId ? read.log : null;
  const error = failure?.buildId === buildId ? failure.error : null;
  const [reloads, setReloads] = useState(0);
  const finished = (live.progress ?? stored?.progress ?? 0) >= 100;
  const poll = !socket && !finished;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `connections` and `reloads` are the triggers of a re-read
  useEffect(() => {
    if (!enabled) return;
    let active = true;
    const load = async () => {
      try {
        const log = await fetchBuildLog(httpClient, buildId);
        if (!active) return;
        setRead({ buildId, log });
        setFailure(null);
      } catch (error) {
        if (!active || (await logoutIfAccessDenied(error))) return;
        setFailure({ buildId, error });
      }
    };
    if (!poll) {
      void load();
      return () => {
        active = false;
      };
    }
    const stop = startScheduler(load, POLL_INTERVAL_MS);
    return () => {
      active = false;
      stop();
    };
  }, [enabled, buildId, httpClient, logoutIfAccessDenied, poll, connections, reloads]);

  const lines = useMemo(() => mergeLogLines(stored?.lines ?? [], live.lines), [stored, live.lines]);
  return {
    lines,
    progress: live.progress ?? stored?.progress ?? 0,
    isPending: stored === null && !error,
    error,
    isLive: socket,
    reload: () => setReloads((n) => n + 1),
  };
}
