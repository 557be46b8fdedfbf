// Sample API objects for tests, the server's and the SPA's alike: plain data typed by the contract.
import type { AccountInfo } from '../schemas/account-schemas';

/** A partner's account as GET /client/account/info answers it: a plain user without fees; `over` sets the rest. */
export const sampleAccount = (over: Partial<AccountInfo> = {}): AccountInfo => ({
  id: 7,
  email: 'partner@example.com',
  worker: 'acme',
  language: 'en',
  send_email: false,
  role: 'user',
  is_blocked: false,
  is_admin: false,
  is_developer: false,
  is_tester: false,
  beta_testing: false,
  notify_build_done: false,
  notify_build_failed: false,
  fee: [],
  ...over,
});
