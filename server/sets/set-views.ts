import type { BuildSet } from '../../contract/schemas/set-schemas';
import type { Db } from '../platform/db/client';
import { notFound } from '../platform/http/http-errors';
import { type BuildSetRow, findSet } from './sets-repository';

/**
 * A set as the API answers it, with what its builds are (its kept summary: the models and releases they
 * built, their platforms, install types and main workers) and a list's extra columns (owner, upgrade).
 */
export function toSet<T extends BuildSetRow>(row: T): BuildSet & Omit<T, keyof BuildSetRow> {
  const { updated_at: _updated, builds_summary: summary, ...rest } = row;
  // TypeScript cannot narrow a spread of a generic row: the fields below are BuildSet's, the rest are T's own.
  return {
    ...rest,
    platforms: summary.platforms,
    install_types: summary.install_types,
    main_workers: summary.main_workers,
    versions: summary.built.map(([model, release_id]) => ({ model, release_id })),
    models: summary.built.map(([model]) => model),
    created_at: row.created_at.toISOString(),
  } as BuildSet & Omit<T, keyof BuildSetRow>;
}

/** One set as the API answers it, read afresh (after a write). */
export async function setView(db: Db, id: number): Promise<BuildSet> {
  const row = await findSet(db, id);
  if (!row) throw notFound('Set not found');
  return toSet(row);
}
