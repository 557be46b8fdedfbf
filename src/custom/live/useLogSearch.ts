import { useCallback, useEffect, useRef, useState } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { fetchLogPage } from './buildLogApi';
import type { LogLine } from './logLines';

/** Milliseconds of quiet typing before the search is asked for. */
const SEARCH_DEBOUNCE_MS = 300;
/** Matches a search page holds. */
const MATCH_PAGE = 200;

export interface LogSearch {
  text: string;
  setText: (text: string) => void;
  /** The search asked for (the text once typing paused), '' when none. */
  query: string;
  /** The matches found so far, oldest first. */
  matches: readonly LogLine[];
  /** Older matches may exist beyond those found. */
  more: boolean;
  /** The match shown, as an index into `matches`; -1 when none. */
  current: number;
  pending: boolean;
  error: unknown;
  /** Towards the log's start (loading older matches when at the oldest found). */
  previous: () => void;
  /** Towards the log's end. */
  next: () => void;
}

interface Found {
  query: string;
  matches: LogLine[];
  before: number | null;
  current: number;
}

/**
 * A search over every stored line of a build's log, not only the lines the dialog holds: the server answers the
 * matches, the newest first, a page at a time. Starts at the newest match; `previous` goes back through older
 * ones, reading the next page of matches when it reaches the oldest found.
 */
export function useLogSearch(path: string, enabled: boolean): LogSearch {
  const httpClient = useHttpClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const request = useRef<AbortController | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const read = useCallback(
    async (q: string, before: number | null, keep: Found | null) => {
      request.current?.abort();
      const controller = new AbortController();
      request.current = controller;
      setPending(true);
      try {
        const page = await fetchLogPage(
          httpClient,
          path,
          { q, limit: MATCH_PAGE, ...(before === null ? {} : { before }) },
          controller.signal,
        );
        if (controller.signal.aborted) return;
        const matches = [...page.lines, ...(keep?.matches ?? [])];
        // A new search starts at its newest match; a further page goes on to the newest of the older ones.
        const current = keep ? page.lines.length - 1 : matches.length - 1;
        setFound({ query: q, matches, before: page.before, current });
        setError(null);
      } catch (failure) {
        if (controller.signal.aborted || (await logoutIfAccessDenied(failure))) return;
        setError(failure);
      } finally {
        if (request.current === controller) setPending(false);
      }
    },
    [httpClient, path, logoutIfAccessDenied],
  );

  useEffect(() => {
    if (!enabled || query === '') {
      request.current?.abort();
      setFound(null);
      setPending(false);
      return;
    }
    void read(query, null, null);
  }, [enabled, query, read]);

  const shown = found?.query === query ? found : null;
  return {
    text,
    setText,
    query,
    matches: shown?.matches ?? [],
    more: shown?.before != null,
    current: shown?.current ?? -1,
    pending,
    error,
    previous: () => {
      if (!shown || pending) return;
      if (shown.current > 0) setFound({ ...shown, current: shown.current - 1 });
      else if (shown.before !== null) void read(query, shown.before, shown);
    },
    next: () => {
      if (!shown || shown.current >= shown.matches.length - 1) return;
      setFound({ ...shown, current: shown.current + 1 });
    },
  };
}
