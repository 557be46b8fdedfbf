import type { WebSocket } from '@fastify/websocket';
import { ADMIN_OR_DEVELOPER, holdsRole, type RoleFlags } from '../../contract/roles';
import type { AccountRow } from '../accounts/accounts-repository';

/**
 * Close codes the console understands (src/custom/live/liveSocket.ts) and treats as the API's 401 and 403:
 * the token expired or was revoked (password change, removal), or the account may no longer have the feed
 * (blocked, or no longer an admin or developer on a socket that follows every build).
 */
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_NOT_ALLOWED = 4403;
const REASONS: Record<number, string> = {
  [CLOSE_SESSION_ENDED]: 'Session ended',
  [CLOSE_NOT_ALLOWED]: 'Not allowed',
};

/**
 * What a socket follows: every build (spec §4: admins and developers) or its own account's builds (issue 15:
 * every other signed-in account, instead of polling every 5 s).
 */
export type LiveScope = 'every' | 'own';

export const mayFollowEveryBuild = (account: RoleFlags) => holdsRole(account, ADMIN_OR_DEVELOPER);

export const scopeOf = (account: RoleFlags): LiveScope => (mayFollowEveryBuild(account) ? 'every' : 'own');

/** What a socket was opened with: the account, the token it presented at the upgrade, and its scope. */
export interface LiveSession {
  accountId: number;
  tokenVersion: number;
  /** When the token stops working (ms since the epoch). */
  expiresAt: number;
  scope: LiveScope;
}

/** The code to close a socket with now, or undefined while the same token would still pass the upgrade. */
export function closeCodeFor(
  session: LiveSession,
  account: AccountRow | undefined,
  now = Date.now(),
): number | undefined {
  if (!account || account.is_removed) return CLOSE_SESSION_ENDED;
  if (account.token_version !== session.tokenVersion || now >= session.expiresAt) return CLOSE_SESSION_ENDED;
  if (account.is_blocked) return CLOSE_NOT_ALLOWED;
  if (session.scope === 'every' && !mayFollowEveryBuild(account)) return CLOSE_NOT_ALLOWED;
  return undefined;
}

// setTimeout fires at once for delays beyond ~24.8 days: a longer-lived token is looked at again then.
const MAX_TIMER_MS = 2 ** 31 - 1;

export interface LiveSessionsOptions {
  /** Reads accounts fresh from the database (not through the account cache). */
  load: (ids: number[]) => Promise<AccountRow[]>;
  log?: { info: (obj: object, msg: string) => void; warn: (obj: object, msg: string) => void };
}

/**
 * The open live sockets of this instance and the sessions they were opened with. The upgrade checks the
 * token once; this keeps the check true for the socket's life: a timer ends it when its token expires, and
 * every notice of a changed account (the database's accounts_changed NOTIFY, which every instance receives
 * through its events bus) re-reads that account and ends its sockets if the token would no longer pass.
 */
export class LiveSessions {
  private readonly open = new Map<WebSocket, LiveSession & { timer?: NodeJS.Timeout }>();
  private readonly everyBuild = new Set<WebSocket>();
  private readonly ownBuilds = new Map<number, Set<WebSocket>>();
  private changes = 0;

  constructor(private readonly options: LiveSessionsOptions) {}

  get size(): number {
    return this.open.size;
  }

  sockets(): IterableIterator<WebSocket> {
    return this.open.keys();
  }

  /** The sockets that follow every build. */
  followingEveryBuild(): ReadonlySet<WebSocket> {
    return this.everyBuild;
  }

  /** The sockets that follow only their account's builds, by account. */
  followingOwnBuilds(): ReadonlyMap<number, ReadonlySet<WebSocket>> {
    return this.ownBuilds;
  }

  /** Counts account-change notices: read before authenticating, handed to `add` to catch one in between. */
  get changeCount(): number {
    return this.changes;
  }

  add(socket: WebSocket, session: LiveSession, changeCountBefore: number): void {
    const entry: LiveSession & { timer?: NodeJS.Timeout } = { ...session };
    this.open.set(socket, entry);
    if (session.scope === 'every') this.everyBuild.add(socket);
    else {
      const mine = this.ownBuilds.get(session.accountId) ?? new Set<WebSocket>();
      mine.add(socket);
      this.ownBuilds.set(session.accountId, mine);
    }
    this.armExpiry(socket, entry);
    socket.on('close', () => this.remove(socket));
    socket.on('error', () => this.remove(socket));
    // The account changed while the upgrade was under way: the check it passed may be out of date.
    if (changeCountBefore !== this.changes) void this.recheck(session.accountId);
  }

  /** An account changed (its id), or any may have (no id): end the sockets it may no longer keep. */
  async accountChanged(id?: number): Promise<void> {
    this.changes++;
    await this.recheck(id);
  }

  /** Re-reads the accounts of open sockets (one, or all) and ends those that may no longer stay open. */
  async recheck(id?: number): Promise<void> {
    const ids = new Set<number>();
    for (const session of this.open.values()) {
      if (id === undefined || session.accountId === id) ids.add(session.accountId);
    }
    if (ids.size === 0) return;
    let rows: AccountRow[];
    try {
      rows = await this.options.load([...ids]);
    } catch (error) {
      // The next notice, or the periodic check, tries again.
      this.options.log?.warn({ err: error }, 'Live sockets: could not re-read accounts');
      return;
    }
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const [socket, session] of this.open) {
      if (!ids.has(session.accountId)) continue;
      const code = closeCodeFor(session, byId.get(session.accountId));
      if (code !== undefined) this.end(socket, code);
    }
  }

  /** Closes every socket (shutdown). */
  closeAll(code: number, reason: string): void {
    for (const socket of [...this.open.keys()]) {
      this.remove(socket);
      socket.close(code, reason);
    }
  }

  private end(socket: WebSocket, code: number): void {
    const session = this.open.get(socket);
    this.remove(socket);
    this.options.log?.info(
      { accountId: session?.accountId, code },
      'Live socket closed: session no longer valid',
    );
    socket.close(code, REASONS[code]);
  }

  private remove(socket: WebSocket): void {
    const session = this.open.get(socket);
    if (!session) return;
    clearTimeout(session.timer);
    this.open.delete(socket);
    this.everyBuild.delete(socket);
    const mine = this.ownBuilds.get(session.accountId);
    mine?.delete(socket);
    if (mine?.size === 0) this.ownBuilds.delete(session.accountId);
  }

  private armExpiry(socket: WebSocket, session: LiveSession & { timer?: NodeJS.Timeout }): void {
    const left = session.expiresAt - Date.now();
    if (left <= 0) {
      this.end(socket, CLOSE_SESSION_ENDED);
      return;
    }
    session.timer = setTimeout(
      () => {
        if (Date.now() >= session.expiresAt) this.end(socket, CLOSE_SESSION_ENDED);
        else this.armExpiry(socket, session);
      },
      Math.min(left, MAX_TIMER_MS),
    );
    session.timer.unref();
  }
}
