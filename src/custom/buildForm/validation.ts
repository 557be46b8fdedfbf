// The build form's validators (spec §5), composed from lib/validators so every message is the spec's own. The
// server checks the same again (server/builds/pool-rules.ts) and answers 422 with the same messages.

import { TOTAL_FEE_MAX } from '../../../contract/constants';
import {
  feeRange,
  lettersDigitsDot,
  maxDecimals,
  minLength3,
  minValue,
  required,
  type ValidationMessage,
  type Validator,
  validNumber,
} from '../../lib/validators';
import { isBlankPool, type PoolValues, totalFee } from './pools';
import type { BuildFormValues, PoolSlot } from './types';

const FEE_DECIMALS = 2;
const K = 'app.validation';

const SET_NAME = /^[\p{L}\d _.-]+$/u;

/** A set's name: letters, digits, spaces, _ - and . (the server's rule and message). */
export const setNameChars: Validator = (value) =>
  typeof value === 'string' && value.trim() && !SET_NAME.test(value.trim())
    ? 'resources.firmwares.validation.set_name'
    : undefined;

/** Set name: required, at least 3 characters, letters, digits, spaces, _ - and . only. */
export const validateSetName: Validator[] = [required('name'), minLength3, setNameChars];

export const validateModel: Validator[] = [required('model')];
export const validateSeries: Validator[] = [required('model_series')];
export const validateRelease: Validator[] = [required('release')];
export const validatePlatform: Validator[] = [required('field')];
export const validateInstallType: Validator[] = [required('field')];

/** The license is needed only while 'Add license' is on. */
export const validateLicense: Validator = (value, all) =>
  (all as Partial<BuildFormValues> | undefined)?.addLicense ? required('field')(value) : undefined;

/** A fee slot the user left empty is not sent, so its fields are not required. */
const whenFilled =
  (path: (all: Partial<BuildFormValues>) => PoolSlot | undefined, ...validators: Validator[]): Validator =>
  (value, all) => {
    const slot = path((all ?? {}) as Partial<BuildFormValues>);
    if (slot && isBlankPool(slot)) return undefined;
    for (const validate of validators) {
      const message = validate(value, all);
      if (message) return message;
    }
    return undefined;
  };

const feeNumber: Validator[] = [validNumber, feeRange, maxDecimals(FEE_DECIMALS)];

// The stratum schemes miners speak, a host (name, IPv4 or [IPv6]) and a port; a path (the Stratum V2 authority
// key) may follow. The server's pool rule is the same.
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const POOL_URL = new RegExp(
  `^(stratum\\+tcp|stratum\\+ssl|stratum2\\+tcp)://(${LABEL}(?:\\.${LABEL})*|\\[[0-9A-Fa-f:.]+\\]):(\\d{1,5})(/[A-Za-z0-9._~-]*)?$`,
);

/** 'Must be a valid url': stratum+tcp://, stratum+ssl:// or stratum2+tcp:// with a host and a port. */
export const poolUrl: Validator = (value) => {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return undefined;
  const match = POOL_URL.exec(text);
  const port = match ? Number(match[3]) : 0;
  return port >= 1 && port <= 65_535 ? undefined : `${K}.url`;
};

/** The validators of one pool's fields; `slot` reads that pool from all values (undefined: always required). */
export function poolValidators(
  slot?: (all: Partial<BuildFormValues>) => PoolSlot | undefined,
  devfeeMin?: number,
) {
  const when = (...validators: Validator[]) => (slot ? [whenFilled(slot, ...validators)] : validators);
  return {
    url: when(required('pool'), poolUrl),
    account: when(required('account'), lettersDigitsDot),
    worker: when(required('worker'), minLength3, lettersDigitsDot),
    fee: when(
      required('fee'),
      ...feeNumber,
      ...(devfeeMin !== undefined && devfeeMin > 0 ? [minValue(devfeeMin)] : []),
    ),
    fake_fee: feeNumber,
  };
}

/** The total of the fees: at most 100, and not below the partner's minimum total for the series. */
export function totalFeeError(values: PoolValues, minTotalFee: number): ValidationMessage | undefined {
  const total = totalFee(values);
  if (total > TOTAL_FEE_MAX) return `${K}.total_fee`;
  if (minTotalFee > 0 && total < minTotalFee)
    return { message: `${K}.cannot_be_less`, args: { min: minTotalFee } };
  return undefined;
}

/** A build_logo needs both images unless the build already has its pair ('Please upload both logotypes'). */
export function logoFilesError(
  values: Pick<BuildFormValues, 'logoSelect' | 'savedLogoID' | 'customLogoFiles'>,
): string | undefined {
  if (values.logoSelect !== 'build_logo') return undefined;
  const { image_le, image_de } = values.customLogoFiles ?? { image_le: null, image_de: null };
  if (image_le && image_de) return undefined;
  if (!image_le && !image_de && values.savedLogoID) return undefined;
  return `${K}.logos_both`;
}
