// The live socket's messages (spec §4 Live socket, §7 WebSocket) and what they do to the live state, as pure
// functions: progress_build sets a build's progress, log_build appends a line to that build's log.
import { appendLogLine, type LogLine } from './logLines';

export type LiveMessageType = 'progress_build' | 'log_build';

export interface LiveMessage {
  fw_id: number;
  type: LiveMessageType;
  data: unknown;
  seq?: number;
}

export interface BuildLive {
  /** 0–100, once a progress_build arrived. */
  progress?: number;
  /** The lines that arrived over the socket, in sequence order (the stored log is fetched on its own). */
  lines: readonly LogLine[];
}

export type LiveState = ReadonlyMap<number, BuildLive>;

/** Lines kept per build: the log dialog reads older ones from the stored log. */
export const MAX_LIVE_LINES = 2000;
/** Builds followed at once; the ones heard of least recently are dropped first. */
export const MAX_LIVE_BUILDS = 200;

export const EMPTY_BUILD: BuildLive = Object.freeze({ lines: Object.freeze([]) as readonly LogLine[] });

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const toNumber = (value: unknown): number | undefined => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
};

/** A message from the socket (text or already parsed), or null when it is not one of ours. */
export function parseLiveMessage(raw: unknown): LiveMessage | null {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!isObject(value)) return null;
  const fwId = toNumber(value.fw_id);
  if (fwId === undefined || (value.type !== 'progress_build' && value.type !== 'log_build')) return null;
  return { fw_id: fwId, type: value.type, data: value.data, seq: toNumber(value.seq) };
}

/** The progress a progress_build carries (a number, or {progress}), clamped to 0–100. */
function progressOf(data: unknown): number | undefined {
  const n = toNumber(isObject(data) ? data.progress : data);
  return n === undefined ? undefined : Math.min(100, Math.max(0, n));
}

/** The line a log_build carries (a string, or {line, at}). */
function lineOf(message: LiveMessage): LogLine | undefined {
  if (message.seq === undefined) return undefined;
  const { data } = message;
  if (typeof data === 'string') return { seq: message.seq, line: data };
  if (isObject(data) && typeof data.line === 'string') {
    return { seq: message.seq, line: data.line, at: typeof data.at === 'string' ? data.at : undefined };
  }
  return undefined;
}

export interface LiveResult {
  state: LiveState;
  /** The build reached 100 % with this message: its set, builds and tasks are to be refreshed. */
  finished: boolean;
}

function withBuild(state: LiveState, fwId: number, build: BuildLive): LiveState {
  const next = new Map(state);
  next.delete(fwId);
  next.set(fwId, build);
  while (next.size > MAX_LIVE_BUILDS) next.delete(next.keys().next().value as number);
  return next;
}

/** The live state after one message; the same state object when the message changes nothing. */
export function applyLiveMessage(state: LiveState, message: LiveMessage): LiveResult {
  const current = state.get(message.fw_id) ?? EMPTY_BUILD;
  if (message.type === 'progress_build') {
    const progress = progressOf(message.data);
    if (progress === undefined || progress === current.progress) return { state, finished: false };
    const finished = progress >= 100 && (current.progress ?? 0) < 100;
    return { state: withBuild(state, message.fw_id, { ...current, progress }), finished };
  }
  const line = lineOf(message);
  if (!line) return { state, finished: false };
  const appended = appendLogLine(current.lines, line);
  if (appended === current.lines) return { state, finished: false };
  const lines = appended.length > MAX_LIVE_LINES ? appended.slice(-MAX_LIVE_LINES) : appended;
  return { state: withBuild(state, message.fw_id, { ...current, lines }), finished: false };
}
