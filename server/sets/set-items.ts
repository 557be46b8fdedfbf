import { GENERAL_LOGO_ID } from '../../contract/constants';
import { findLogo } from '../accounts/logos-repository';
import { listSshKeys } from '../accounts/ssh-keys-repository';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/http/http-errors';

/**
 * The owner's SSH keys by id, deduplicated. Another account's (or a missing) key answers 404, unless
 * `dropMissing`: ids carried over from the set or the build, whose keys may have been deleted since.
 */
export async function checkSshKeys(
  db: Db,
  ownerId: number,
  ids: number[],
  options: { dropMissing?: boolean } = {},
): Promise<number[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const own = new Set((await listSshKeys(db, ownerId)).map((key) => key.id));
  const missing = wanted.some((id) => !own.has(id));
  if (missing && !options.dropMissing) throw notFound('SSH key not found');
  return wanted.filter((id) => own.has(id));
}

/**
 * A logo set a set or build may use: the general logo (spec §9: id 1) or one of the owner's that is not
 * removed. `keep` is the logo already in use, accepted even if its owner removed it since (its files stay).
 */
export async function checkLogo(db: Db, ownerId: number, id: number, keep?: number): Promise<number> {
  if (id === GENERAL_LOGO_ID) return id;
  const logo = await findLogo(db, id);
  if (logo && logo.account_id === ownerId && (!logo.is_removed || id === keep)) return id;
  throw notFound('Logo not found');
}
