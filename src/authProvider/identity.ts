import type { UserIdentity } from 'ra-core';
import type { Account } from './account';

export interface AppIdentity extends UserIdentity {
  account: Account;
}

/** The identity react-admin shows for an account: its worker name, else its e-mail. */
export const identityOf = (account: Account): AppIdentity => ({
  id: account.id,
  fullName: account.worker || account.email,
  account,
});
