// Sign-in, the token, the account and its role (spec §4 Authentication, §6 Roles).
import type { AuthProvider } from 'ra-core';
import { canAccess } from '../../contract/can-access';
import { SUPPORTED_LANGUAGES } from '../../contract/constants';
import type { Role } from '../../contract/roles';
import type { HttpClient } from '../dataProvider/httpClient';
import { stopSchedulers } from '../dataProvider/schedulers';
import { isPublicPath } from '../routes';
import { ACCOUNT_PATH, type Account } from './account';
import { type AppIdentity, identityOf } from './identity';
import {
  clearToken,
  readToken,
  rememberFirstSignOutNotice,
  rememberRedirect,
  takeRedirect,
  writeToken,
} from './session';

export { canAccess } from '../../contract/can-access';
export type { Role } from '../../contract/roles';
export type { Account } from './account';
export type { AppIdentity } from './identity';

/** What react-admin needs to send a signed-out visitor to /login without a redirect loop (react-admin #10764). */
export const NOT_AUTHENTICATED = { redirectTo: '/login', logoutUser: false, message: false } as const;

/** The message of the error a blocked account gets at sign-in. */
export const BLOCKED_MESSAGE = 'app.auth.blocked';
export const SESSION_ENDED_MESSAGE = 'app.auth.session_ended';
export const NO_ACCESS_MESSAGE = 'app.auth.no_access';

export interface AppAuthProvider extends AuthProvider {
  getIdentity(): Promise<AppIdentity>;
  getPermissions(params?: unknown): Promise<Role | undefined>;
  canAccess(params: { action: string; resource: string }): Promise<boolean>;
  /** The account loaded for the current token, if any. */
  getAccount(): Account | undefined;
  /** Loads the account once per sign-in (GET /client/account/info). */
  loadAccount(): Promise<Account>;
  /** Loads the account again from the server: it may have changed elsewhere (an e-mail link, another tab). */
  reloadAccount(): Promise<Account>;
  /** Replaces the cached account after a change the console made itself (e.g. PATCH account info). */
  setAccount(account: Account): void;
}

export interface AuthProviderOptions {
  httpClient: HttpClient;
  /** The path the browser is on, remembered when a signed-out visitor is sent to /login. */
  currentPath?: () => string;
  /** Extra clean-up at logout (e.g. the build form's reset). */
  onLogout?: () => void;
  /** The language on screen: the sign-in page may have been switched before there was an account to tell. */
  screenLanguage?: () => string;
}

const browserPath = () => `${window.location.pathname}${window.location.search}${window.location.hash}`;
const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/** The server's 403 for a blocked account (auth-plugin.ts), as against one for a page of another role. */
const isBlocked = (error: unknown) =>
  (error as { body?: { detail?: unknown } } | null)?.body?.detail === 'Account is blocked';

export function createAuthProvider({
  httpClient,
  currentPath = browserPath,
  onLogout,
  screenLanguage = () => document.documentElement.lang,
}: AuthProviderOptions): AppAuthProvider {
  let account: Account | undefined;
  let loading: Promise<Account> | undefined;

  const forget = () => {
    clearToken();
    account = undefined;
    loading = undefined;
    stopSchedulers();
    onLogout?.();
  };

  const rememberWhereWeAre = (path = currentPath()) => {
    if (!isPublicPath(path.split(/[?#]/)[0])) rememberRedirect(path);
  };

  const loadAccount = (): Promise<Account> => {
    if (account) return Promise.resolve(account);
    const token = readToken();
    loading ??= httpClient<Account>(ACCOUNT_PATH)
      .then(({ json }) => {
        // A sign-out while the call was under way must not bring the account back.
        if (readToken() === token) account = json;
        return json;
      })
      .finally(() => {
        loading = undefined;
      });
    return loading;
  };

  const role = async (): Promise<Role | undefined> => (readToken() ? (await loadAccount()).role : undefined);

  return {
    async login(params: { email?: string; username?: string; password: string }) {
      const email = params.email ?? params.username ?? '';
      const { json } = await httpClient<{ access_token: string }>('/auth/sign-in', {
        method: 'POST',
        body: { email, password: params.password },
        auth: false,
      });
      forget();
      writeToken(json.access_token);
      const signedIn = await loadAccount().catch((error) => {
        forget();
        throw error;
      });
      if (signedIn.is_blocked) {
        forget();
        throw new Error(BLOCKED_MESSAGE);
      }
      // Mails go out in the account's language: it follows the one the person chose on screen (issue 15).
      const shown = screenLanguage();
      if ((SUPPORTED_LANGUAGES as readonly string[]).includes(shown) && shown !== signedIn.language) {
        const { json: updated } = await httpClient<Account>(ACCOUNT_PATH, {
          method: 'PATCH',
          body: { language: shown },
        }).catch(() => ({ json: signedIn }));
        account = updated;
      }
      return { redirectTo: takeRedirect() ?? '/' };
    },

    async logout() {
      forget();
    },

    /** `params.path`: the path the visitor wanted, when the browser may already be elsewhere. */
    async checkAuth(params?: { path?: string }) {
      if (readToken()) return;
      rememberWhereWeAre(params?.path);
      forget();
      throw NOT_AUTHENTICATED;
    },

    async checkError(error) {
      const status = statusOf(error);
      // A 403 is a page the role may not open (issue 37, item 2.2): say so and keep the session. Only a blocked
      // account's 403 ends it, as a 401 does.
      if (status === 403 && !isBlocked(error)) throw { logoutUser: false, message: NO_ACCESS_MESSAGE };
      if (status === 401 || status === 403) {
        // A signed-in session that ends says why on the sign-in page, whichever of its requests or its live
        // socket learned it first (react-admin's own notice is skipped once the token is gone).
        if (readToken()) {
          rememberWhereWeAre();
          rememberFirstSignOutNotice(status === 403 ? BLOCKED_MESSAGE : SESSION_ENDED_MESSAGE);
        }
        forget();
        // Rejecting signs the user out; react-admin still hands the original error to the caller.
        throw error;
      }
    },

    getPermissions: () => role(),

    async getIdentity(): Promise<AppIdentity> {
      return identityOf(await loadAccount());
    },

    async canAccess({ action, resource }) {
      return canAccess(await role(), action, resource);
    },

    getAccount: () => account,
    loadAccount,
    async reloadAccount() {
      const token = readToken();
      const { json } = await httpClient<Account>(ACCOUNT_PATH);
      if (token && readToken() === token) account = json;
      return json;
    },
    setAccount(next) {
      account = next;
    },
  };
}
