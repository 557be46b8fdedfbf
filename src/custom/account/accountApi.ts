// The account calls that are no resource's (spec §7 Auth and account), one function each, over the httpClient.

import type { LogoSet } from '../../../contract/schemas/logo-schemas';
import type { HttpClient } from '../../api/httpClient';
import { ACCOUNT_PATH, type Account } from '../../authProvider/account';

export const CHANGE_EMAIL_PATH = '/client/account/change-email';
export const CONFIRM_EMAIL_PATH = '/client/account/confirm-change-email';
export const CHANGE_PASSWORD_PATH = '/client/account/change-password';
export const LOGO_UPLOAD_PATH = '/client/account/logo';

export type AccountPreferences = Partial<Pick<Account, 'language' | 'send_email' | 'beta_testing'>>;

/** PATCH /client/account/info: answers the updated account. */
export async function patchAccountInfo(http: HttpClient, body: AccountPreferences): Promise<Account> {
  const { json } = await http<Account>(ACCOUNT_PATH, { method: 'PATCH', body });
  return json;
}

/** POST /client/account/change-email: the server mails a confirmation link to the new address. */
export async function requestEmailChange(http: HttpClient, email: string): Promise<void> {
  await http(CHANGE_EMAIL_PATH, { method: 'POST', body: { email } });
}

/** POST /client/account/confirm-change-email: answers the new address. */
export async function confirmEmailChange(http: HttpClient, token: string): Promise<{ email?: string }> {
  const { json } = await http<{ email?: string } | null>(CONFIRM_EMAIL_PATH, {
    method: 'POST',
    body: { token },
  });
  return json ?? {};
}

/** POST /client/account/change-password: answers a new token; the old one no longer works. */
export async function changePassword(
  http: HttpClient,
  body: { old_password: string; new_password: string },
): Promise<string> {
  const { json } = await http<{ access_token: string }>(CHANGE_PASSWORD_PATH, { method: 'POST', body });
  return json.access_token;
}

/** A logo set (spec §3): light-theme (le) and dark-theme (de) image links. */
export type { LogoSet };

/** POST /client/account/logo (multipart): both images and whether the set becomes the default. */
export async function uploadLogos(
  http: HttpClient,
  { light, dark, makeDefault }: { light: File; dark: File; makeDefault: boolean },
): Promise<LogoSet> {
  const body = new FormData();
  body.append('image_le', light);
  body.append('image_de', dark);
  body.append('make_images_default', makeDefault ? 'true' : 'false');
  const { json } = await http<LogoSet>(LOGO_UPLOAD_PATH, { method: 'POST', body });
  return json;
}
