// Issue 36, finding 2: e-mailed links (a password reset, a pending e-mail change) die with the sessions. A
// stolen session could plant a change-email link, lose the session to a password change, and still take the
// account over with the link. Every path that ends sessions, and every e-mail change, ends the links too.
import { describe, expect, it } from 'vitest';
import { createAdminApp } from '../test/admin-app';
import { createSignedIn, expectError, request, signIn, TEST_PASSWORD } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { INVALID_TOKEN_MESSAGE } from './account-rules';
import { recoverAdmin } from './admin-recovery';
import { issueEmailToken } from './email-tokens-repository';

const t = sharedWorld(() => createAdminApp());

const NEW_PASSWORD = 'another pass 42';

/** A partner signed in, with a reset link and a change-email link outstanding (as the mails would carry). */
async function partnerWithLinks() {
  const partner = await createSignedIn(t.app, t.db);
  const id = partner.account.id;
  const reset = await issueEmailToken(t.db, { account_id: id, purpose: 'reset_password' });
  const change = await issueEmailToken(t.db, {
    account_id: id,
    purpose: 'change_email',
    new_email: `taken-over-${id}@example.test`,
  });
  return { ...partner, id, links: { reset, change } };
}

/** Both links are refused as a spent or unknown link is. */
async function expectLinksDead(links: { reset: string; change: string }) {
  const reset = await request(t.app, {
    method: 'POST',
    url: '/api/auth/reset-password',
    body: { token: links.reset, password: 'attacker pass 1' },
  });
  expectError(reset, 400, INVALID_TOKEN_MESSAGE);
  const change = await request(t.app, {
    method: 'POST',
    url: '/api/client/account/confirm-change-email',
    body: { token: links.change },
  });
  expectError(change, 400, INVALID_TOKEN_MESSAGE);
}

const adminPatch = (id: number, body: unknown) =>
  request(t.app, { method: 'PATCH', url: `/api/admin/user?user_id=${id}`, token: t.admin.token, body });

describe('outstanding e-mailed links stop working when', () => {
  it('the owner changes the password', async () => {
    const { token, links } = await partnerWithLinks();
    const res = await request(t.app, {
      method: 'POST',
      url: '/api/client/account/change-password',
      token,
      body: { old_password: TEST_PASSWORD, new_password: NEW_PASSWORD },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectLinksDead(links);
  });

  it('the owner confirms an e-mail change (the reset link went to the old address)', async () => {
    const { id, links } = await partnerWithLinks();
    const own = await issueEmailToken(t.db, {
      account_id: id,
      purpose: 'change_email',
      new_email: `moved-${id}@example.test`,
    });
    const confirmed = await request(t.app, {
      method: 'POST',
      url: '/api/client/account/confirm-change-email',
      body: { token: own },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // The owner's own link replaced the planted one when it was issued; the reset link is the one at stake.
    await expectLinksDead(links);
  });

  it('the password is reset with one link: the other links go with it', async () => {
    const { links } = await partnerWithLinks();
    const reset = await request(t.app, {
      method: 'POST',
      url: '/api/auth/reset-password',
      body: { token: links.reset, password: NEW_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await expectLinksDead(links);
  });

  it('an admin blocks the partner', async () => {
    const { id, links } = await partnerWithLinks();
    expect((await adminPatch(id, { is_blocked: true })).statusCode).toBe(200);
    await expectLinksDead(links);
  });

  it("an admin sets the partner's password", async () => {
    const { id, links } = await partnerWithLinks();
    expect((await adminPatch(id, { password: NEW_PASSWORD })).statusCode).toBe(200);
    await expectLinksDead(links);
  });

  it("an admin changes the partner's e-mail", async () => {
    const { id, links } = await partnerWithLinks();
    expect((await adminPatch(id, { email: `renamed-${id}@example.test` })).statusCode).toBe(200);
    await expectLinksDead(links);
  });

  it('an admin removes the partner', async () => {
    const { id, links } = await partnerWithLinks();
    const res = await request(t.app, {
      method: 'DELETE',
      url: `/api/admin/user?user_id=${id}`,
      token: t.admin.token,
    });
    expect(res.statusCode, res.body).toBe(204);
    await expectLinksDead(links);
  });

  it('the operator recovers the account as an admin', async () => {
    const { email, links } = await partnerWithLinks();
    await recoverAdmin(t.db, email, NEW_PASSWORD);
    await expectLinksDead(links);
    // The recovered password is the one that works.
    await signIn(t.app, email, NEW_PASSWORD);
  });
});

describe('links still work when nothing ended the sessions', () => {
  it('an unrelated admin edit (the worker name) leaves them valid', async () => {
    const { id, links } = await partnerWithLinks();
    expect((await adminPatch(id, { worker: 'renamed_worker' })).statusCode).toBe(200);
    const change = await request(t.app, {
      method: 'POST',
      url: '/api/client/account/confirm-change-email',
      body: { token: links.change },
    });
    expect(change.statusCode, change.body).toBe(200);
  });
});
