import { and, eq, exists, inArray, not, or, type SQL, sql } from 'drizzle-orm';
import { HIDDEN_SERIES } from '../../../contract/constants';
import { findAccountById } from '../../accounts/accounts-repository';
import type { Db } from '../../platform/db/client';
import { accounts, mailOutbox, releases } from '../../platform/db/schema';
import type { MailMessage } from '../../platform/mail/mailer';
import type { MailOutboxRow } from '../../platform/mail/outbox';
import { findReleaseRow, listReleases, type ReleaseRow, releaseVisibility } from '../releases-repository';
import { releaseMail } from './release-templates';

/** What decides who may see a release (spec §6). */
export type ReleaseState = Pick<
  ReleaseRow,
  'series' | 'stage' | 'is_draft' | 'is_public' | 'is_removed' | 'user_id'
>;

// Rows per INSERT: well under PostgreSQL's 65,535 parameters a statement.
const INSERT_CHUNK = 1000;
const TRUE = sql`true`;
const FALSE = sql`false`;
const bool = (value: boolean) => (value ? TRUE : FALSE);

/**
 * The accounts that may see a published release in this state: spec §6 as releaseVisibility enforces it,
 * turned around (a condition on accounts for one release instead of on releases for one account). A draft or
 * removed release is news to nobody. An account holding several flags follows its most permissive one.
 * The outbox worker checks again with releaseVisibility itself before sending.
 */
export function mayBeToldAbout(release: ReleaseState | undefined): SQL {
  if (!release || release.is_removed || release.is_draft) return FALSE;
  const admin = eq(accounts.is_admin, true);
  if ((HIDDEN_SERIES as readonly string[]).includes(release.series)) return admin;
  const ownDev = release.user_id === null ? FALSE : eq(accounts.id, release.user_id);
  const developerSees = release.stage === 'dev' ? ownDev : TRUE;
  const testerSees = release.is_public && release.stage !== 'dev' && release.stage !== 'prerelease';
  const userSees = release.is_public && release.stage === 'stable';
  return or(
    admin,
    and(eq(accounts.is_developer, true), developerSees),
    and(eq(accounts.is_developer, false), eq(accounts.is_tester, true), bool(testerSees)),
    and(eq(accounts.is_developer, false), eq(accounts.is_tester, false), bool(userSees)),
  ) as SQL;
}

/**
 * Queues one release e-mail for every opted-in, active account to which the release (as it now stands)
 * became visible: it may see it now and could not in its `before` state (none for a new release). An account
 * already told (or about to be) of the same series, version and stage is not told again. Run it in the
 * transaction that publishes, so a rollback queues nothing.
 */
export async function queueReleaseMails(db: Db, releaseId: number, before?: ReleaseState): Promise<void> {
  const after = await findReleaseRow(db, releaseId);
  if (!after || after.is_draft || after.is_removed) return;
  const told = db
    .select({ one: sql`1` })
    .from(mailOutbox)
    .innerJoin(releases, eq(releases.id, mailOutbox.release_id))
    .where(
      and(
        eq(mailOutbox.account_id, accounts.id),
        eq(mailOutbox.kind, 'release'),
        inArray(mailOutbox.status, ['pending', 'sent']),
        eq(releases.series, after.series),
        eq(releases.version, after.version),
        eq(releases.stage, after.stage),
      ),
    );
  const recipients = db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        eq(accounts.send_email, true),
        eq(accounts.is_blocked, false),
        eq(accounts.is_removed, false),
        mayBeToldAbout(after),
        not(mayBeToldAbout(before)),
        not(exists(told)),
      ),
    );
  const ids = (await recipients).map((row) => row.id);
  for (let start = 0; start < ids.length; start += INSERT_CHUNK) {
    const chunk = ids.slice(start, start + INSERT_CHUNK);
    await db
      .insert(mailOutbox)
      .values(chunk.map((account_id) => ({ kind: 'release' as const, account_id, release_id: releaseId })))
      .onConflictDoNothing();
  }
}

/**
 * A published release changed by being created again (spec §4): the mails still waiting for the old one
 * wait for the new one, and are checked against it when they are sent.
 */
export async function carryOverReleaseMails(db: Db, fromId: number, toId: number): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ release_id: toId })
    .where(
      and(
        eq(mailOutbox.kind, 'release'),
        eq(mailOutbox.release_id, fromId),
        eq(mailOutbox.status, 'pending'),
      ),
    );
}

export interface ReleaseMailLinks {
  /** The console's address, without a trailing slash. */
  appUrl: string;
  /** The signed one-click unsubscribe token of an account. */
  unsubscribeToken: (accountId: number) => string;
}

/**
 * Renders a queued release e-mail at send time, or says why it is not to be sent: the account no longer
 * wants mails, is blocked or removed, or may no longer see the release (removed, back to draft, …).
 */
export async function composeReleaseMail(
  db: Db,
  row: MailOutboxRow,
  links: ReleaseMailLinks,
): Promise<MailMessage | { drop: string }> {
  const account = row.account_id === null ? undefined : await findAccountById(db, row.account_id);
  if (!account) return { drop: 'account gone' };
  if (!account.send_email) return { drop: 'account opted out' };
  if (account.is_blocked || account.is_removed) return { drop: 'account blocked or removed' };
  if (row.release_id === null) return { drop: 'no release' };
  const [release] = await listReleases(
    db,
    and(eq(releases.id, row.release_id), eq(releases.is_draft, false), releaseVisibility(account, false)),
  );
  if (!release) return { drop: 'release not visible' };
  const token = encodeURIComponent(links.unsubscribeToken(account.id));
  return releaseMail(account.email, account.language, release, {
    console: `${links.appUrl}/releases`,
    unsubscribe: `${links.appUrl}/unsubscribe?token=${token}`,
    oneClick: `${links.appUrl}/api/mail/unsubscribe?token=${token}`,
  });
}
