// The live state of builds (progress and socket log lines) as a small external store that React components
// subscribe to with useSyncExternalStore; one per signed-in shell (see LiveProvider).
import { applyLiveMessage, type LiveMessage, type LiveState } from './liveMessages';

export interface LiveStore {
  getState(): LiveState;
  /** How many times the socket has (re)connected; lines may have been missed before each. */
  getConnections(): number;
  /** The socket is open now; while it is not, the 5 s polling is what keeps builds current. */
  isConnected(): boolean;
  subscribe(listener: () => void): () => void;
  /** Applies a message; true when the build has just reached 100 %. */
  dispatch(message: LiveMessage): boolean;
  connected(): void;
  /** The socket closed: what it said goes, so that polled values (newer from now on) are shown instead. */
  disconnected(): void;
}

export function createLiveStore(): LiveStore {
  let state: LiveState = new Map();
  let connections = 0;
  let open = false;
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  return {
    getState: () => state,
    getConnections: () => connections,
    isConnected: () => open,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(message) {
      const result = applyLiveMessage(state, message);
      if (result.state !== state) {
        state = result.state;
        emit();
      }
      return result.finished;
    },
    connected() {
      connections += 1;
      open = true;
      emit();
    },
    disconnected() {
      if (!open) return;
      open = false;
      state = new Map();
      emit();
    },
  };
}
