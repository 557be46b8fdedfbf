// Issue 36: the build queue's limits per partner (an admin sets them; unset, the defaults below) and the one
// wording of a refusal. The server answers the English text; the console reads the numbers back from it and
// shows the message of app.errors.<key> in the user's language (locales/*.json, whose English is this text).
import { transformPhrase } from './messages';

/** Builds a partner may have waiting in the queue at once. */
export const DEFAULT_MAX_QUEUED_BUILDS = 100;
/** Builds a partner may queue (submit, edit, rebuild, upgrade) in any hour. */
export const DEFAULT_MAX_BUILDS_PER_HOUR = 300;
/** The highest limit an admin may set. */
export const BUILD_LIMIT_MAX = 100_000;

export const QUEUE_LIMIT_TEXTS = {
  queue_full:
    'At most %{max} builds may wait in the queue; %{waiting} are waiting and this would add %{adding}',
  hourly_full:
    'At most %{max} builds may be queued per hour; %{queued} were queued in the last hour and this would add %{adding}',
} as const;

export type QueueLimitKey = keyof typeof QUEUE_LIMIT_TEXTS;
type Args = Record<string, number>;

/** The English refusal, as the server answers it. */
export const queueLimitText = (key: QueueLimitKey, args: Args): string =>
  transformPhrase(QUEUE_LIMIT_TEXTS[key], args, 'en');

const patterns = Object.entries(QUEUE_LIMIT_TEXTS).map(([key, text]) => {
  const names = [...text.matchAll(/%\{(\w+)\}/g)].map((m) => m[1]);
  const source = text
    .split(/%\{\w+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(\\d+)');
  return { key: key as QueueLimitKey, names, pattern: new RegExp(`^${source}$`) };
});

/** The i18n key (app.errors.<key>) and numbers of a server's refusal, if `detail` is one. */
export function readQueueLimit(
  detail: string,
): { key: `app.errors.${QueueLimitKey}`; args: Args } | undefined {
  for (const { key, names, pattern } of patterns) {
    const match = pattern.exec(detail);
    if (match)
      return {
        key: `app.errors.${key}`,
        args: Object.fromEntries(names.map((name, i) => [name, Number(match[i + 1])])),
      };
  }
  return undefined;
}
