// The account calls that are no resource's (spec §7 Auth and account), one function each, over the httpClient.
import type { LogoSet } from '../../../contract/schemas/logo-schemas';
import type { Account } from '../../authProvider/account';
import type { HttpClient } from '../../dataProvider/httpClient';
import { withLogoFileNames } from '../../dataProvider/logoRefusal';
import { callOf } from '../../dataProvider/paths';

export const CHANGE_EMAIL_PATH = callOf('changeEmail').path;
export const CONFIRM_EMAIL_PATH = callOf('confirmEmailChange').path;
export const CHANGE_PASSWORD_PATH = callOf('changePassword').path;
export const LOGO_UPLOAD_PATH = callOf('uploadLogo').path;

export type AccountPreferences = Partial<
  Pick<Account, 'language' | 'send_email' | 'beta_testing' | 'notify_build_done' | 'notify_build_failed'>
>;

/** PATCH /client/account/info: answers the updated account. */
export async function patchAccountInfo(http: HttpClient, body: AccountPreferences): Promise<Account> {
  const { path, request } = callOf('updateAccountInfo');
  const { json } = await http<Account>(path, { ...request, body });
  return json;
}

/** POST /client/account/change-email: the server mails a confirmation link to the new address. */
export async function requestEmailChange(http: HttpClient, email: string): Promise<void> {
  const { path, request } = callOf('changeEmail');
  await http(path, { ...request, body: { email } });
}

/** POST /client/account/confirm-change-email: answers the new address. */
export async function confirmEmailChange(http: HttpClient, token: string): Promise<{ email?: string }> {
  const { path, request } = callOf('confirmEmailChange');
  const { json } = await http<{ email?: string } | null>(path, { ...request, body: { token } });
  return json ?? {};
}

/** POST /client/account/change-password: answers a new token; the old one no longer works. */
export async function changePassword(
  http: HttpClient,
  body: { old_password: string; new_password: string },
): Promise<string> {
  const { path, request } = callOf('changePassword');
  const { json } = await http<{ access_token: string }>(path, { ...request, body });
  return json.access_token;
}

/** A logo set (spec §3): light-theme (le) and dark-theme (de) image links. */
export type { LogoSet };

/** POST /client/account/logo (multipart): both images and whether the set becomes the default. */
export async function uploadLogos(
  http: HttpClient,
  {
    light,
    dark,
    makeDefault,
    forBuild = false,
  }: { light: File; dark: File; makeDefault: boolean; forBuild?: boolean },
): Promise<LogoSet> {
  const body = new FormData();
  body.append('image_le', light);
  body.append('image_de', dark);
  body.append('make_images_default', makeDefault ? 'true' : 'false');
  // Issue 37: the build and set forms' uploads are for that build, not saved sets.
  if (forBuild) body.append('for_build', 'true');
  const { path, request } = callOf('uploadLogo');
  try {
    const { json } = await http<LogoSet>(path, { ...request, body });
    return json;
  } catch (error) {
    // Issue 37: a refusal names the file sent for each image.
    throw withLogoFileNames(error, { image_le: light.name, image_de: dark.name });
  }
}

/** POST /client/firmware/logo/{id}/default: one of the account's sets becomes its default (issue 37). */
export async function makeLogoDefault(http: HttpClient, id: number): Promise<LogoSet> {
  const { path, request } = callOf('makeLogoDefault', { id });
  const { json } = await http<LogoSet>(path, request);
  return json;
}
