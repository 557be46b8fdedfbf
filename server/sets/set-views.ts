import type { BuildSet } from '../../contract/schemas/set-schemas';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/http/http-errors';
import { type BuildSetRowWithBuilt, findSetWithBuilt } from './sets-repository';

function setOf(row: BuildSetRowWithBuilt): BuildSet {
  const { updated_at: _updated, built, holds, ...rest } = row;
  return {
    ...rest,
    ...holds,
    versions: built.map(([model, release_id]) => ({ model, release_id })),
    models: built.map(([model]) => model),
    created_at: row.created_at.toISOString(),
  };
}

/** A set as the API answers it, with the models and releases of its builds (and a list's extra columns). */
export const toSet = <T extends BuildSetRowWithBuilt>(row: T): BuildSet & Omit<T, keyof BuildSet> => ({
  ...row,
  ...setOf(row),
});

/** One set as the API answers it, read afresh (after a write). */
export async function setView(db: Db, id: number): Promise<BuildSet> {
  const row = await findSetWithBuilt(db, id);
  if (!row) throw notFound('Set not found');
  return toSet(row);
}
