// The build form's validators: the rules of contract/rules (spec §5), which the server applies too and answers
// 422 with the same messages, wired to the form's fields.
import { fee, totalFeeIssue } from '../../../../contract/rules/fees';
import { minValue } from '../../../../contract/rules/numbers';
import { poolAccount, poolUrl, poolWorker } from '../../../../contract/rules/pools';
import { plainText, required, setName } from '../../../../contract/rules/text';
import type { ValidationMessage, Validator } from '../../../../contract/rules/validators';
import { isBlankPool, type PoolValues, totalFee } from './pools';
import type { BuildFormValues, PoolSlot } from './types';

/** Set name: required, at least 3 characters, letters, digits, spaces, _ - and . only. */
export const validateSetName: Validator[] = [setName];

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

/** The validators of one pool's fields; `slot` reads that pool from all values (undefined: always required). */
export function poolValidators(
  slot?: (all: Partial<BuildFormValues>) => PoolSlot | undefined,
  devfeeMin?: number,
) {
  const when = (...validators: Validator[]) => (slot ? [whenFilled(slot, ...validators)] : validators);
  return {
    // Issue 36: the alias goes into the firmware's files as it is: one line of text, optional.
    alias: [plainText],
    url: when(poolUrl),
    account: when(poolAccount),
    worker: when(poolWorker),
    fee: when(required('fee'), fee, ...(devfeeMin !== undefined ? [minValue(devfeeMin)] : [])),
    fake_fee: [fee],
  };
}

/** The total of the fees: at most 100, and not below the partner's minimum total for the series. */
export const totalFeeError = (values: PoolValues, minTotalFee?: number): ValidationMessage | undefined =>
  totalFeeIssue(totalFee(values), minTotalFee);

/** A build_logo needs both images unless the build already has its pair ('Please upload both logotypes'). */
export function logoFilesError(
  values: Pick<BuildFormValues, 'logoSelect' | 'savedLogoID' | 'customLogoFiles'>,
): string | undefined {
  if (values.logoSelect !== 'build_logo') return undefined;
  const { image_le, image_de } = values.customLogoFiles ?? { image_le: null, image_de: null };
  if (image_le && image_de) return undefined;
  if (!image_le && !image_de && values.savedLogoID) return undefined;
  return 'app.validation.logos_both';
}
