// What the rules share: reading a form's or a body's value, and running rules in order.
import type { Message } from '../messages';

/** A rule of spec §5: a message when the value breaks it, else undefined. Empty values pass all but `required`. */
export type Rule = (value: unknown) => Message | undefined;

export const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (Array.isArray(value) && value.length === 0);

export const textOf = (value: unknown): string =>
  value === undefined || value === null ? '' : String(value);

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** A number, or text that spells one; undefined for anything else. */
export function parseNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const text = textOf(value).trim();
  return NUMBER.test(text) ? Number(text) : undefined;
}

/** The first message of the rules, in order. */
export function firstIssue(value: unknown, ...rules: Rule[]): Message | undefined {
  for (const rule of rules) {
    const message = rule(value);
    if (message) return message;
  }
  return undefined;
}
