// Spec §5 for a pool of a build: its url, account and worker.
import type { Coin } from '../constants';
import { validation } from '../messages';
import { latinDigitsDot, lettersDigitsDot, minLength3, required } from './text';
import { firstIssue, isEmpty, type Rule, textOf } from './values';

// The stratum schemes miners speak; host (name, IPv4 or [IPv6]) and port are required, a path (the Stratum V2
// authority key) is optional.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
/**
 * A port from 1 to 65535 in at most five digits, leading zeros allowed: the range written as a pattern, so that
 * the OpenAPI document states it too (issue 38).
 */
export const PORT =
  '(?:0{0,4}[1-9]|0{0,3}[1-9]\\d|0{0,2}[1-9]\\d{2}|0?[1-9]\\d{3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';
export const POOL_URL = new RegExp(
  `^(stratum\\+tcp|stratum\\+ssl|stratum2\\+tcp)://(${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\]):(${PORT})(/[A-Za-z0-9._~-]*)?$`,
);

/** stratum+tcp://, stratum+ssl:// or stratum2+tcp:// with a host and a port from 1 to 65535. */
export const isPoolUrl = (value: string): boolean => POOL_URL.test(value);

const poolUrlFormat: Rule = (value) =>
  isEmpty(value) || isPoolUrl(textOf(value).trim()) ? undefined : validation('url');

export const poolUrl: Rule = (value) => firstIssue(value, required('pool'), poolUrlFormat);
/** Accounts: letters, digits and dots. */
export const poolAccount: Rule = (value) => firstIssue(value, required('account'), lettersDigitsDot);
/** Workers: at least 3 Latin letters, digits and dots (issue 37: pools take ASCII workers only). */
export const poolWorker: Rule = (value) => firstIssue(value, required('worker'), minLength3, latinDigitsDot);

/**
 * Issue 37: the pool presets of the coin the series mines (LTC pools for the L series, BTC pools for the
 * others); every preset while no series is chosen or it is unknown.
 */
export function presetsForSeries<P extends { coin: Coin }>(
  presets: readonly P[],
  seriesList: readonly { name: string; coin?: Coin }[],
  series: string | undefined,
): readonly P[] {
  const coin = seriesList.find((s) => s.name === series)?.coin;
  return coin ? presets.filter((preset) => preset.coin === coin) : presets;
}
