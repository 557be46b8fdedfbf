import type { Db } from '../platform/db/client';
import { lockSet, recountSet } from './sets-repository';

/**
 * `work` on the builds of set `setId`, in one transaction: the set locked first (lockSet), its counters
 * recounted after (recountSet). Answers what `work` answers.
 */
export function changeSetBuilds<T>(db: Db, setId: number, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await lockSet(tx, setId);
    const result = await work(tx);
    await recountSet(tx, setId);
    return result;
  });
}
