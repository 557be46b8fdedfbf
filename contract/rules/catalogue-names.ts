// The catalogue's names and codes (issue 17, the admin catalogue): what an admin may call a series, a model, a
// control board, an install type, a license and a pool preset. The server answers the English text of the same
// messages (contract/english.ts).
import { COINS } from '../constants';
import type { Message } from '../messages';
import { isPoolUrl } from './pools';
import { latinAndDigits, MAX_LENGTH_10, maxLength10, required } from './text';
import { firstIssue, isEmpty, type Rule, textOf } from './values';

const maxLength =
  (max: number): Rule =>
  (value) =>
    [...textOf(value)].length > max
      ? { message: 'catalogue.validation.max_length', args: { max } }
      : undefined;

const pattern =
  (re: RegExp, message: Message): Rule =>
  (value) =>
    isEmpty(value) || re.test(textOf(value)) ? undefined : message;

/** The longest names and codes (issue 38: the OpenAPI document states them as `maxLength`s too). */
export const CATALOGUE_MAX = {
  series: MAX_LENGTH_10,
  model: 40,
  code: 32,
  label: 100,
  url: 255,
  description: 200,
} as const;

/** The name and code rules the OpenAPI document writes as `pattern`s too (issue 38). */
export const MODEL_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9 +._-]*[A-Za-z0-9+])?$/;
export const CATALOGUE_CODE = /^[a-z0-9][a-z0-9_-]*$/;

/** A series: x19, l9, t2t — latin letters and digits, at most 10. */
export const seriesName: Rule = (value) => firstIssue(value, required('name'), latinAndDigits, maxLength10);

/** A model as the vendor writes it: S19 Pro, S17+, T2TH — latin letters, digits, spaces and + . _ - */
export const modelName: Rule = (value) =>
  firstIssue(
    value,
    required('model'),
    maxLength(CATALOGUE_MAX.model),
    pattern(MODEL_NAME, 'catalogue.validation.model_name'),
  );

/** A control board or an install type: lower-case latin letters, digits, _ and - (amlogic, sd, upgrade). */
export const catalogueCode: Rule = (value) =>
  firstIssue(
    value,
    required('name'),
    maxLength(CATALOGUE_MAX.code),
    pattern(CATALOGUE_CODE, 'catalogue.validation.code'),
  );

/** A free text label (a license, its region, a pool, a board's description). */
export const label =
  (max: number, field: 'name' | 'pool' | 'field' = 'name'): Rule =>
  (value) =>
    firstIssue(value, required(field), maxLength(max));

/** A description may be empty. */
export const description: Rule = maxLength(CATALOGUE_MAX.description);

/** The coin a series mines, or a pool preset serves (issue 37): one of COINS. */
export const coin: Rule = (value) =>
  (COINS as readonly string[]).includes(textOf(value).trim())
    ? undefined
    : { message: 'catalogue.validation.coin', args: { coins: COINS.join(', ') } };

/** A pool preset's address: the stratum urls a miner speaks (contract/rules/pools.ts). */
export const presetUrl: Rule = (value) =>
  firstIssue(value, required('pool'), maxLength(CATALOGUE_MAX.url), (url) =>
    isEmpty(url) || isPoolUrl(textOf(url).trim()) ? undefined : 'app.validation.url',
  );

/** The first problem of each field of a body, by field name; empty when all are fine. */
export function problems(
  body: Record<string, unknown>,
  rules: Record<string, Rule>,
): { field: string; message: Message }[] {
  return Object.entries(rules).flatMap(([field, rule]) => {
    if (!(field in body)) return [];
    const message = rule(body[field]);
    return message ? [{ field, message }] : [];
  });
}
