import { API_BASE } from '../../../contract/constants';
import { downloadBlob } from '../../dataProvider/download';
import { ApiError, type HttpClient } from '../../dataProvider/httpClient';
import { callOf } from '../../dataProvider/paths';
import type { LogLine } from './logLines';

/** GET …/firmwares/{id}/log: a page of the stored log (or of a search's matches), oldest line first. */
export interface LogPage {
  progress: number;
  lines: LogLine[];
  /** The `before` of the next older page; null: nothing older. */
  before: number | null;
  /** The `after` of the next newer page; null: the page reached the end of the stored log. */
  after: number | null;
}

export interface LogQuery {
  before?: number;
  after?: number;
  limit?: number;
  /** A search: only the lines containing it. */
  q?: string;
}

/** Lines a page holds (the server allows up to 2,000). */
export const LOG_PAGE = 500;

/** The log's path: admins read any build's under /admin (spec §6), others their own under /client. */
export const buildLogPath = (buildId: number | string, admin = false) =>
  callOf('buildLog', { id: buildId }, admin).path;

const cursor = (value: unknown) => (typeof value === 'number' ? value : null);

export async function fetchLogPage(
  httpClient: HttpClient,
  path: string,
  query: LogQuery = {},
  signal?: AbortSignal,
): Promise<LogPage> {
  const { json } = await httpClient<Partial<LogPage> | null>(path, {
    query: { limit: LOG_PAGE, ...query },
    signal,
  });
  const lines = Array.isArray(json?.lines) ? json.lines.filter((l) => typeof l?.seq === 'number') : [];
  return {
    progress: typeof json?.progress === 'number' ? json.progress : 0,
    lines,
    before: cursor(json?.before),
    after: cursor(json?.after),
  };
}

/**
 * Saves the whole log (GET …/log.txt, streamed by the server) as a file. The call needs the bearer token, so
 * it is fetched and handed to the browser as a blob rather than followed as a plain link.
 */
export async function downloadLog(
  path: string,
  token: string | null | undefined,
  fileName: string,
  /** Issue 17: an earlier run's log; the latest run's without it. */
  run?: number,
) {
  const res = await fetch(`${API_BASE}${path}.txt${run === undefined ? '' : `?run=${run}`}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!res.ok) {
    const body = await res.json().catch(() => null);
    const detail = typeof body?.detail === 'string' ? body.detail : res.statusText;
    throw new ApiError(detail, res.status, body, res.statusText);
  }
  downloadBlob(await res.blob(), fileName, 10_000);
}
