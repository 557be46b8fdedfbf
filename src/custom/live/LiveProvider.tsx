import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLogoutIfAccessDenied, useNotify, usePermissions } from 'react-admin';
import type { Options as SocketOptions } from 'reconnecting-websocket';
import { canAccess } from '../../../contract/can-access';
import { readToken, rememberSignOutNotice } from '../../authProvider/session';
import { whenIdle } from '../../boot/whenIdle';
import { askHealth, isUnavailableStatus, reportConnection } from '../../dataProvider/connectionStatus';
import { ERROR_TOAST } from '../../dataProvider/showError';
import { type BuildLive, EMPTY_BUILD } from './liveMessages';
import { connectLiveSocket, type SessionEndCode } from './liveSocket';
import { createLiveStore, type LiveStore } from './liveStore';

/** The resources whose lists change when a build finishes (react-admin's query keys start with the resource). */
export const REFRESHED_ON_FINISH = new Set(['sets', 'builds', 'tasks', 'allTasks']);

interface LiveContextValue {
  store: LiveStore;
  /** The socket is on for this account: every signed-in account (its own builds; admins and developers all). */
  socket: boolean;
}

// Outside a LiveProvider (tests, public pages) components read an empty store that never changes.
const LiveContext = createContext<LiveContextValue>({ store: createLiveStore(), socket: false });

const SESSION_END_MESSAGES: Record<SessionEndCode, string> = {
  4401: 'app.auth.session_ended',
  4403: 'app.auth.access_changed',
};

function useLiveSocket(store: LiveStore, enabled: boolean, socketOptions?: SocketOptions) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  useEffect(() => {
    if (!enabled) return;
    // One toast per failure, not one per reconnection attempt: it may show again once the socket has been open.
    let told = false;
    const unsubscribe = store.subscribe(() => {
      if (store.isConnected()) told = false;
    });
    // Once the first page is drawn, as the task polling starts (issue 14): the page's own reads come first.
    const disconnect = whenIdle(() =>
      connectLiveSocket({
        store,
        getToken: readToken,
        socketOptions,
        onFinished: () =>
          queryClient.invalidateQueries({
            predicate: (query) => REFRESHED_ON_FINISH.has(String(query.queryKey[0])),
          }),
        onError: (event) => {
          console.error('WebSocket error', event);
          void socketFailed();
        },
        // The server ended the session: the same sign-out as a 401 from the API (a 403 keeps the session: it
        // refuses one page); the sign-in page says why.
        onSessionEnded: (code) => {
          rememberSignOutNotice(SESSION_END_MESSAGES[code]);
          void logoutIfAccessDenied({ status: 401 });
        },
      }),
    );
    /** A server that is away is the connection banner's to say (no toast); a server that answers while its
     * socket fails is the socket's error. */
    async function socketFailed() {
      const answer = await askHealth('live');
      if (!answer || isUnavailableStatus(answer.status)) {
        reportConnection(false);
        return;
      }
      if (told) return;
      told = true;
      notify('app.errors.websocket', ERROR_TOAST);
    }
    return () => {
      unsubscribe();
      disconnect();
    };
  }, [enabled, store, notify, queryClient, logoutIfAccessDenied, socketOptions]);
}

/**
 * Live build progress and log lines for the signed-in shell (spec §4 Live socket): the socket is held open while
 * mounted, and leaving the shell (logout) disconnects it. Admins and developers hear of every build, everyone
 * else of their own (issue 15); the 5 s polling goes on underneath and is what counts while the socket is down.
 */
export const LiveProvider = ({
  children,
  store: given,
  socketOptions,
}: {
  children: ReactNode;
  store?: LiveStore;
  /** Options of reconnecting-websocket (tests hand in their own WebSocket class). */
  socketOptions?: SocketOptions;
}) => {
  const [store] = useState(() => given ?? createLiveStore());
  const { permissions } = usePermissions();
  const socket = canAccess(permissions, 'list', 'websocket');
  useLiveSocket(store, socket, socketOptions);
  const value = useMemo(() => ({ store, socket }), [store, socket]);
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
};

export const useLive = (): LiveContextValue => useContext(LiveContext);

/** A build's live progress and socket log lines (empty until a message about it arrives). */
export function useBuildLive(fwId: number | undefined): BuildLive {
  const { store } = useLive();
  return useSyncExternalStore(store.subscribe, () =>
    fwId === undefined ? EMPTY_BUILD : (store.getState().get(fwId) ?? EMPTY_BUILD),
  );
}

/** A build's progress: the socket's latest when there is one, else the polled value given. */
export function useBuildProgress(fwId: number | undefined, polled: number | null | undefined): number {
  const live = useBuildLive(fwId).progress;
  return live ?? polled ?? 0;
}

/** Whether the socket is open now (else builds are followed by polling). */
export function useLiveConnected(): boolean {
  const { store } = useLive();
  return useSyncExternalStore(store.subscribe, store.isConnected);
}

/** Counts the socket's (re)connections: lines sent while it was down are to be read from the stored log. */
export function useLiveConnections(): number {
  const { store } = useLive();
  return useSyncExternalStore(store.subscribe, store.getConnections);
}
