import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { findAccountById } from '../../accounts/accounts-repository';
import type { Db } from '../../platform/db/client';
import { accounts, buildSets, builds } from '../../platform/db/schema';
import type { MailMessage } from '../../platform/mail/mailer';
import { enqueueMails, type MailOutboxRow } from '../../platform/mail/outbox';
import { buildEndedMail } from './build-templates';

/**
 * Build notifications (issue 37): queues a mail for each of `buildIds` that has just ended (done or failed)
 * and whose owner opted into that outcome. The build queue calls it in the transaction that ends the builds
 * (server/queue/job-changes.ts), so a mail is queued exactly when the end commits; the outbox's unique index
 * on (build, run, account) makes a second call for the same run queue nothing.
 */
export async function queueBuildEndMails(db: Db, buildIds: number[]): Promise<void> {
  if (buildIds.length === 0) return;
  const ended = await db
    .select({ id: builds.id, run: builds.run, user_id: builds.user_id, status: builds.status })
    .from(builds)
    .innerJoin(accounts, eq(accounts.id, builds.user_id))
    .where(
      and(
        inArray(builds.id, buildIds),
        eq(builds.is_removed, false),
        or(
          and(eq(builds.status, 'done'), eq(accounts.notify_build_done, true)),
          and(eq(builds.status, 'failed'), eq(accounts.notify_build_failed, true)),
        ),
      ),
    );
  await enqueueMails(
    db,
    ended.map((build) => ({
      kind: build.status === 'done' ? ('build_done' as const) : ('build_failed' as const),
      account_id: build.user_id,
      build_id: build.id,
      run: build.run,
    })),
  );
}

/**
 * Renders a queued build notification at send time, or says why it is not to be sent: the account turned
 * that notification off, is blocked or removed, or the build was removed meanwhile.
 */
export async function composeBuildMail(
  db: Db,
  row: MailOutboxRow,
  appUrl: string,
): Promise<MailMessage | { drop: string }> {
  const account = row.account_id === null ? undefined : await findAccountById(db, row.account_id);
  if (!account) return { drop: 'account gone' };
  if (account.is_blocked || account.is_removed) return { drop: 'account blocked or removed' };
  const wanted = row.kind === 'build_done' ? account.notify_build_done : account.notify_build_failed;
  if (!wanted) return { drop: 'account opted out' };
  if (row.build_id === null) return { drop: 'no build' };
  const [build] = await db
    .select({
      name: builds.name,
      model: builds.model,
      version: builds.release_version,
      group_id: builds.group_id,
      setName: buildSets.name,
      removed: sql<boolean>`${builds.is_removed} or ${buildSets.is_removed}`,
    })
    .from(builds)
    .innerJoin(buildSets, eq(buildSets.id, builds.group_id))
    .where(eq(builds.id, row.build_id));
  if (!build || build.removed) return { drop: 'build removed' };
  return buildEndedMail(account.email, account.language, {
    outcome: row.kind === 'build_done' ? 'done' : 'failed',
    name: build.name,
    setName: build.setName,
    model: build.model,
    version: build.version,
    setUrl: `${appUrl}/firmwares/${build.group_id}`,
  });
}
