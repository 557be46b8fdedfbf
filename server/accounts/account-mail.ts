import type { Db } from '../platform/db/client';
import type { MailMessage } from '../platform/mail/mailer';
import { type MailOutboxRow, supersededMail } from '../platform/mail/outbox';
import {
  addressTakenMail,
  confirmEmailChangeMail,
  emailChangedMail,
  resetPasswordMail,
} from '../platform/mail/templates';
import { type AccountRow, findAccountByEmail, findAccountById } from './accounts-repository';
import { issueEmailToken } from './email-tokens-repository';

// The account's own mails (issue 43 §3): queued in the mail outbox by the routes, rendered here at send time.
// A link's token is made when its mail is rendered, so no secret waits in the outbox, and the link works for
// its whole life from when it is sent (a mail sent after an SMTP outage does not arrive expired).

type Composed = MailMessage | { drop: string };

const inactive = (account: AccountRow | undefined) =>
  !account ? 'no such account' : account.is_blocked || account.is_removed ? 'account blocked or removed' : '';

/** A reset link to the address asked for, if an active account has it (else nothing, as the answer said). */
async function composeReset(db: Db, row: MailOutboxRow, appUrl: string): Promise<Composed> {
  if (!row.to_email) return { drop: 'no address' };
  const account = await findAccountByEmail(db, row.to_email);
  const why = inactive(account);
  if (why || !account) return { drop: why };
  if (await supersededMail(db, row)) return { drop: 'a later reset was asked for' };
  const token = await issueEmailToken(db, { account_id: account.id, purpose: 'reset_password' });
  return resetPasswordMail(
    account.email,
    account.language,
    `${appUrl}/reset-password?token=${encodeURIComponent(token)}`,
  );
}

/** The link confirming a new address, to that address. */
async function composeChangeEmail(db: Db, row: MailOutboxRow, appUrl: string): Promise<Composed> {
  const account = row.account_id === null ? undefined : await findAccountById(db, row.account_id);
  const why = inactive(account);
  if (why || !account || !row.to_email) return { drop: why || 'no address' };
  if (account.email === row.to_email) return { drop: 'already the address' };
  if (await supersededMail(db, row)) return { drop: 'the same change was asked for again' };
  const token = await issueEmailToken(db, {
    account_id: account.id,
    purpose: 'change_email',
    new_email: row.to_email,
  });
  return confirmEmailChangeMail(
    row.to_email,
    account.language,
    `${appUrl}/confirm-email-change?token=${encodeURIComponent(token)}`,
  );
}

/** To the owner of an address another account asked to move to. */
async function composeAddressTaken(db: Db, row: MailOutboxRow): Promise<Composed> {
  const owner = row.account_id === null ? undefined : await findAccountById(db, row.account_id);
  if (!owner || owner.is_removed) return { drop: 'no such account' };
  return addressTakenMail(owner.email, owner.language);
}

/** To the old address after a change (issue 37): sent whatever the account's state, it is an alarm. */
async function composeEmailChanged(db: Db, row: MailOutboxRow): Promise<Composed> {
  const account = row.account_id === null ? undefined : await findAccountById(db, row.account_id);
  if (!account || !row.to_email) return { drop: 'no such account' };
  return emailChangedMail(row.to_email, account.language, account.email);
}

/** The composers of the account's kinds of mail, for the outbox. */
export function accountMailComposers(db: Db, appUrl: string) {
  return {
    reset_password: (row: MailOutboxRow) => composeReset(db, row, appUrl),
    change_email: (row: MailOutboxRow) => composeChangeEmail(db, row, appUrl),
    address_taken: (row: MailOutboxRow) => composeAddressTaken(db, row),
    email_changed: (row: MailOutboxRow) => composeEmailChanged(db, row),
  } as const;
}
