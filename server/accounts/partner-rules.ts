import { englishOf } from '../../contract/english';
import { partnerWorker } from '../../contract/rules/account';
import type { PartnerPatch } from '../../contract/schemas/partners-schemas';
import { type FeeIssue, feeIssues } from '../builds/input/fee-rules';
import { ValidationFailedError } from '../platform/http/validation-errors';
import { emailIssue, passwordIssue } from './account-rules';

/** Spec §5 for a partner's fields (all of them on create, the given ones on update); throws a 422. */
export function checkPartner(body: PartnerPatch): void {
  const issues: FeeIssue[] = [];
  const add = (field: string, msg: string | undefined) => {
    if (msg) issues.push({ loc: ['body', field], msg });
  };
  if (body.email !== undefined) add('email', emailIssue(body.email));
  if (body.password !== undefined) add('password', passwordIssue(body.password));
  if (body.worker !== undefined) add('worker', englishOf(partnerWorker(body.worker)));
  for (const [series, values] of Object.entries(body.custom_dev_fee ?? {})) {
    if (values) issues.push(...feeIssues(values, ['body', 'custom_dev_fee', series]));
  }
  if (issues.length > 0) throw new ValidationFailedError(issues);
}
