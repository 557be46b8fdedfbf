// A 422 answer to the build form (`{detail:[{loc:['body', field, …], msg}]}`) as errors on the form's own fields,
// so the server's message shows under the input it is about (the toasts show it too).
import { isBlankPool } from './pools';
import type { BuildFormValues } from './types';

/** The API's field → the form's field. */
const FIELDS: Record<string, string> = {
  model: 'model',
  series: 'series',
  platform: 'platform',
  install_type: 'installType',
  release_id: 'release',
  license_id: 'license',
  add_license: 'addLicense',
  ssh_keys: 'ssh_keys',
  logo_id: 'customLogoFiles',
  image_le: 'customLogoFiles',
  image_de: 'customLogoFiles',
  name: 'name',
  description: 'description',
};

/** The form path of each entry of the fee_pools_configs list that `joinPools` sent. */
export function sentPoolPaths(
  values: Pick<BuildFormValues, 'fee_pools_configs' | 'poolsLimit' | 'refund_pool_config'>,
  withRefund: boolean,
): string[] {
  const slots = values.fee_pools_configs
    .map((slot, i) => ({ slot, i }))
    .slice(0, values.poolsLimit)
    .filter(({ slot }) => !isBlankPool(slot))
    .map(({ i }) => `fee_pools_configs.${i}`);
  const refund = withRefund && !isBlankPool(values.refund_pool_config) ? ['refund_pool_config'] : [];
  return ['devfee_pool_config', ...slots, ...refund];
}

/** The list-level pool messages (total fee, minimums) go to the total line. */
export const POOLS_TOTAL_FIELD = 'pools_total';

export function serverFieldErrors(
  error: unknown,
  values: Pick<BuildFormValues, 'fee_pools_configs' | 'poolsLimit' | 'refund_pool_config'>,
  withRefund: boolean,
): Record<string, string> | undefined {
  const e = error as { status?: number; body?: { detail?: unknown } } | null;
  if (e?.status !== 422 || !Array.isArray(e.body?.detail)) return undefined;
  const pools = sentPoolPaths(values, withRefund);
  const found: Record<string, string> = {};
  for (const entry of e.body.detail as { loc?: unknown[]; msg?: unknown }[]) {
    const loc = Array.isArray(entry?.loc) ? entry.loc.slice(entry.loc[0] === 'body' ? 1 : 0) : [];
    const [field, index, sub] = loc;
    let path: string | undefined;
    if (field === 'fee_pools_configs') {
      const pool = typeof index === 'number' ? pools[index] : undefined;
      path = pool ? (typeof sub === 'string' ? `${pool}.${sub}` : pool) : POOLS_TOTAL_FIELD;
    } else if (field === 'options' && typeof index === 'string') {
      path = `options.${index}`;
    } else if (typeof field === 'string') {
      path = FIELDS[field];
    }
    if (path && !found[path]) found[path] = String(entry.msg);
  }
  return Object.keys(found).length ? found : undefined;
}
