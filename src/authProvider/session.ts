// Where the session lives in the browser: the token in localStorage, the post-login redirect in sessionStorage.

export const TOKEN_KEY = 'fc.token';
export const REDIRECT_KEY = 'fc.redirect';

export const readToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const writeToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);

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
