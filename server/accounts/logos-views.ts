import { logoUrl } from '../platform/storage/logo-store';
import type { LogoRow } from './logos-repository';

/**
 * A logo set as the API shows it. The general logo (owned by nobody) is the default when the account has no
 * default of its own.
 */
export function toLogoSet(row: LogoRow, accountHasDefault: boolean) {
  return {
    id: row.id,
    le: logoUrl(row, 'le'),
    de: logoUrl(row, 'de'),
    is_default: row.account_id === null ? !accountHasDefault : row.is_default,
    for_build: row.for_build,
  };
}
