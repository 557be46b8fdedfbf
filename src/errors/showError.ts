// The shared error display (spec §8). Every failed call that the user should hear about goes through here:
// `errorMessages` turns an error into the toast texts (the four cases, in order) and `showError` shows each as an
// error toast that stays 15 seconds.

import { useCallback } from 'react';
import { type NotificationOptions, useNotify, useTranslate } from 'react-admin';
import { ERROR_TOAST_MS } from '../../contract/constants';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What the display reads from an error: the HTTP status, status text and parsed body, when there was a response. */
export interface ErrorLike {
  status?: number;
  statusText?: string;
  body?: unknown;
  message?: string;
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
const fallbackTranslate: Translate = (key, options) =>
  key === 'app.errors.invalid_length'
    ? `Invalid ${options?.code}: ${options?.length} (min: ${options?.min} max: ${options?.max})`
    : 'Server communication error';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
const lengthOf = (value: unknown) =>
  typeof value === 'string' || Array.isArray(value)
    ? value.length
    : value === undefined || value === null
      ? 0
      : String(value).length;
const stringify = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The toast texts for an error, following spec §8 in order. */
export function errorMessages(error: unknown, translate: Translate = fallbackTranslate): string[] {
  const e: ErrorLike = isObject(error)
    ? (error as ErrorLike)
    : { message: error === undefined ? undefined : String(error) };
  const detail = isObject(e.body) ? e.body.detail : undefined;

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
      return (detail as ValidationEntry[]).map((entry) => {
        const loc = Array.isArray(entry?.loc) ? entry.loc : [];
        const last = loc.length ? `${loc[loc.length - 1]}: ` : '';
        return `${last}${stringify(entry?.msg ?? entry)}`;
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
