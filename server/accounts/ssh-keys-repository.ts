import { and, asc, eq, ne, or } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { type SshKeyRow, sshKeys } from '../platform/db/schema';

export type { SshKeyRow };
export type SshKeyValues = Pick<SshKeyRow, 'name' | 'key' | 'fingerprint'>;

export function listSshKeys(db: Db, accountId: number): Promise<SshKeyRow[]> {
  return db.select().from(sshKeys).where(eq(sshKeys.account_id, accountId)).orderBy(asc(sshKeys.id));
}

export async function findOwnSshKey(db: Db, accountId: number, id: number): Promise<SshKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(sshKeys)
    .where(and(eq(sshKeys.id, id), eq(sshKeys.account_id, accountId)));
  return row;
}

/** Which of the name and the key another of the account's keys already has (`exceptId`: the key edited). */
export async function findSshKeyClashes(
  db: Db,
  accountId: number,
  values: Partial<Pick<SshKeyRow, 'name' | 'fingerprint'>>,
  exceptId?: number,
): Promise<{ name: boolean; key: boolean }> {
  const others = await db
    .select({ name: sshKeys.name, fingerprint: sshKeys.fingerprint })
    .from(sshKeys)
    .where(
      and(
        eq(sshKeys.account_id, accountId),
        exceptId === undefined ? undefined : ne(sshKeys.id, exceptId),
        or(
          values.name === undefined ? undefined : eq(sshKeys.name, values.name),
          values.fingerprint === undefined ? undefined : eq(sshKeys.fingerprint, values.fingerprint),
        ),
      ),
    );
  return {
    name: values.name !== undefined && others.some((other) => other.name === values.name),
    key: values.fingerprint !== undefined && others.some((other) => other.fingerprint === values.fingerprint),
  };
}

export async function insertSshKey(db: Db, accountId: number, values: SshKeyValues): Promise<SshKeyRow> {
  const [row] = await db
    .insert(sshKeys)
    .values({ ...values, account_id: accountId })
    .returning();
  return row;
}

export async function updateOwnSshKey(
  db: Db,
  accountId: number,
  id: number,
  values: Partial<SshKeyValues>,
): Promise<SshKeyRow | undefined> {
  const [row] = await db
    .update(sshKeys)
    .set(values)
    .where(and(eq(sshKeys.id, id), eq(sshKeys.account_id, accountId)))
    .returning();
  return row;
}

export async function deleteOwnSshKey(db: Db, accountId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(sshKeys)
    .where(and(eq(sshKeys.id, id), eq(sshKeys.account_id, accountId)))
    .returning({ id: sshKeys.id });
  return rows.length > 0;
}
