// The shared error display (spec §8). Every failed call that the user should hear about goes through here:
// `errorMessages` turns an error into the toast texts (the four cases, in order) and `showError` shows each as an
// error toast that stays 15 seconds.

import { useCallback } from 'react';
import { type NotificationOptions, useNotify, useTranslate } from 'react-admin';
import { ERROR_TOAST_MS } from '../../contract/constants';
import { readQueueLimit } from '../../contract/queue-limits';
import { readCancelEnded } from '../../contract/task-cancel';
import { logoRefusalText } from './logoRefusal';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the display reads from an error: the HTTP status, status text and parsed body, when there was a response. */
export interface ErrorLike {
  status?: number;
  statusText?: string;
  body?: unknown;
  message?: string;
  /** Seconds the server's Retry-After asks to wait. */
  retryAfter?: number;
}

interface LengthEntry {
  code?: unknown;
  value?: unknown;
  min?: unknown;
  max?: unknown;
}

interface ValidationEntry {
  loc?: unknown[];
  msg?: unknown;
}

export const ERROR_TOAST: NotificationOptions = {
  type: 'error',
  autoHideDuration: ERROR_TOAST_MS,
  multiLine: true,
};

// Used when no translator is given (plain functions, tests): the English texts.
const fallbackTranslate: Translate = (key, options) => {
  const count = Number(options?.smart_count);
  const unit = (name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  switch (key) {
    case 'app.errors.invalid_length':
      return `Invalid ${options?.code}: ${options?.length} (min: ${options?.min} max: ${options?.max})`;
    case 'app.errors.too_many_seconds':
      return `Too many attempts. Try again in ${unit('second')}.`;
    case 'app.errors.too_many_minutes':
      return `Too many attempts. Try again in ${unit('minute')}.`;
    case 'app.errors.too_many_later':
      return 'Too many attempts. Try again later.';
    default:
      return typeof options?._ === 'string' ? options._ : 'Server communication error';
  }
};

/**
 * A 429 (the server's sign-in and e-mail limits): how long to wait, in the user's language, from Retry-After;
 * the server's detail is English and says only "later".
 */
function tooManyMessage(seconds: number | undefined, translate: Translate): string {
  if (seconds === undefined) return translate('app.errors.too_many_later');
  if (seconds < 60) return translate('app.errors.too_many_seconds', { smart_count: Math.max(1, seconds) });
  return translate('app.errors.too_many_minutes', { smart_count: Math.ceil(seconds / 60) });
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const lengthOf = (value: unknown) =>
  typeof value === 'string' || Array.isArray(value)
    ? value.length
    : value === undefined || value === null
      ? 0
      : String(value).length;
/** A wire name with no label of its own, readable: 'install_type' → 'Install type'. */
const humanise = (field: string) => {
  const words = field.replace(/_id$/, '').replace(/_/g, ' ').trim();
  return words ? words[0].toUpperCase() + words.slice(1) : field;
};
const stringify = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The toast texts for an error, following spec §8 in order. */
export function errorMessages(error: unknown, translate: Translate = fallbackTranslate): string[] {
  const e: ErrorLike = isObject(error)
    ? (error as ErrorLike)
    : { message: error === undefined ? undefined : String(error) };
  const detail = isObject(e.body) ? e.body.detail : undefined;

  if (e.status === 429) {
    // Issue 36: a build queue's limit names itself (the limit and the counts), in the user's language.
    const queueLimit = typeof detail === 'string' ? readQueueLimit(detail) : undefined;
    if (queueLimit) return [translate(queueLimit.key, { ...queueLimit.args, _: detail })];
    return [tooManyMessage(e.retryAfter, translate)];
  }

  // Issue 37: a cancel that came too late says how the build ended, in the user's language.
  const cancelEnded = e.status === 409 && typeof detail === 'string' ? readCancelEnded(detail) : undefined;
  if (cancelEnded) {
    const status = translate(`app.tasks.state.${cancelEnded}`, { _: cancelEnded }).toLowerCase();
    return [translate('app.errors.cancel_ended', { status, _: detail })];
  }

  // 1. A detail whose description is a list: one toast per entry about a value's length.
  if (isObject(detail) && Array.isArray(detail.description)) {
    return (detail.description as LengthEntry[]).map((entry) =>
      translate('app.errors.invalid_length', {
        code: entry?.code,
        length: lengthOf(entry?.value),
        min: entry?.min,
        max: entry?.max,
      }),
    );
  }

  // 2. A detail: a string as is; a list, one toast per entry "lastLoc: msg".
  if (detail !== undefined && detail !== null) {
    if (typeof detail === 'string') return [detail];
    if (Array.isArray(detail)) {
      // The location's last element is named as the form labels it (issue 15: no wire names like release_id).
      return (detail as ValidationEntry[]).map((entry) => {
        // Issue 37: a refused logo image says which image and file, and why, in the user's language.
        const logo = isObject(entry) ? logoRefusalText(entry, translate) : undefined;
        if (logo !== undefined) return logo;
        const loc = Array.isArray(entry?.loc) ? entry.loc : [];
        const field = loc.length ? String(loc[loc.length - 1]) : '';
        const label = field ? `${translate(`app.errors.fields.${field}`, { _: humanise(field) })}: ` : '';
        return `${label}${stringify(entry?.msg ?? entry)}`;
      });
    }
    return [stringify(detail)];
  }

  // 3. A server failure: status code and status text; the body goes to the console.
  if (typeof e.status === 'number' && e.status >= 500) {
    console.error(e.body);
    return [`${e.status} ${e.statusText ?? ''}`.trim()];
  }

  // 4. Otherwise the body, or the error's message when there was no response.
  if (e.body !== undefined && e.body !== null && e.body !== '') return [stringify(e.body)];
  return [e.message || translate('ra.notification.http_error')];
}

export type Notify = (message: string, options?: NotificationOptions) => void;

/** Shows one error toast per message. */
export function showError(notify: Notify, error: unknown, translate?: Translate): void {
  for (const message of errorMessages(error, translate)) {
    notify(message, { ...ERROR_TOAST, messageArgs: { _: message } });
  }
}

/** `showError` bound to react-admin's notifier and translator. */
export function useShowError(): (error: unknown) => void {
  const notify = useNotify();
  const translate = useTranslate();
  return useCallback((error: unknown) => showError(notify, error, translate), [notify, translate]);
}
