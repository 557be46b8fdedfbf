// Where the session lives in the browser: the token in localStorage, the post-login redirect in sessionStorage.

export const TOKEN_KEY = 'fc.token';
export const REDIRECT_KEY = 'fc.redirect';
export const SIGN_OUT_NOTICE_KEY = 'fc.signOutNotice';

export const readToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const writeToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

/** Why the console signed out (a translation key), for the sign-in page, outside the console, to say once. */
export const rememberSignOutNotice = (key: string): void => sessionStorage.setItem(SIGN_OUT_NOTICE_KEY, key);

/** Remembers why, unless a reason is already remembered (the live socket's close code tells it more exactly). */
export function rememberFirstSignOutNotice(key: string): void {
  if (sessionStorage.getItem(SIGN_OUT_NOTICE_KEY) === null) rememberSignOutNotice(key);
}

/** The sign-out notice, once: reading it forgets it. */
export function takeSignOutNotice(): string | null {
  const key = sessionStorage.getItem(SIGN_OUT_NOTICE_KEY);
  sessionStorage.removeItem(SIGN_OUT_NOTICE_KEY);
  return key;
}

let renewal: Promise<void> | undefined;

/**
 * Stores the token answered by a call that revokes the current one (a password change). Until the call
 * settles, `tokenRenewal()` answers it: the server closes the old token's live socket (4401) before the
 * call's answer arrives, and the socket must wait for the successor rather than sign out.
 */
export function renewToken(call: Promise<string>): Promise<string> {
  const renewed = call.then((token) => {
    writeToken(token);
    return token;
  });
  const settled = renewed.then(
    () => undefined,
    () => undefined,
  );
  renewal = settled;
  void settled.then(() => {
    if (renewal === settled) renewal = undefined;
  });
  return renewed;
}

/** The token renewal under way, if any (see renewToken). */
export const tokenRenewal = (): Promise<void> | undefined => renewal;

/** Remembers where a signed-out visitor wanted to go; the root path is not worth remembering. */
export function rememberRedirect(path: string): void {
  if (path && path !== '/') sessionStorage.setItem(REDIRECT_KEY, path);
}

/** The remembered path, once: reading it forgets it. */
export function takeRedirect(): string | null {
  const path = sessionStorage.getItem(REDIRECT_KEY);
  sessionStorage.removeItem(REDIRECT_KEY);
  return path;
}
