// The demo catalogue a console starts with, when it has none (a console without one is useless).
import type { Db } from '../platform/db/client';
import { countSeries, insertCatalogue } from './catalogue-repository';
import { demoCatalogue } from './demo-catalogue';

/** Seeds the catalogue when it is empty. */
export async function ensureCatalogue(db: Db): Promise<boolean> {
  if ((await countSeries(db)) > 0) return false;
  await insertCatalogue(db, demoCatalogue());
  return true;
}
