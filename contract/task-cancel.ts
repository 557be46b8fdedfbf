// Issue 37: cancelling a build that already ended is refused (409) with what happened. The server answers
// this English text; the console reads the status back from it and says it in the user's language
// (app.errors.cancel_ended, whose English is this text).
import { transformPhrase } from './messages';
import { BUILD_STATUSES, type BuildStatus } from './statuses';

export const CANCEL_ENDED_TEXT = 'The build had already ended (%{status}): nothing was cancelled';

/** The statuses a build cannot be cancelled from. */
export const ENDED_STATUSES: readonly BuildStatus[] = ['done', 'failed', 'cancelled'];

export const cancelEndedText = (status: BuildStatus): string =>
  transformPhrase(CANCEL_ENDED_TEXT, { status }, 'en');

const pattern = new RegExp(`^${CANCEL_ENDED_TEXT.replace(/[()]/g, '\\$&').replace('%{status}', '(\\w+)')}$`);

/** The ended status a server's refusal names, if `detail` is one. */
export function readCancelEnded(detail: string): BuildStatus | undefined {
  const status = pattern.exec(detail)?.[1];
  return BUILD_STATUSES.find((s) => s === status);
}
