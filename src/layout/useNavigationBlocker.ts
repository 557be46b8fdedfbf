// Holding a navigation away from a page until the user says (issue 37, item 2.7). react-router's own `useBlocker`
// needs its data router, which the console does without (layout/browserRouterProvider.ts, issue 14); this one
// works with the console's BrowserRouter and the tests' MemoryRouter: in-app navigations go through the router's
// navigator (push, replace, go), which it wraps while armed, and the browser's Back and Forward arrive as a
// popstate, which it takes before the router does and undoes, using the history index react-router keeps in
// `history.state.idx`. "Before the router": a window's listeners run in the order they were added (Chromium
// runs a capturing one added later after the router's), and React renders a popstate's transition at once,
// which unmounted the form before a listener of its own heard the event: the one listener is added at start,
// before the router's (listenBeforeRouter, RoutedPages.tsx), and hands the event to the form armed.
import { useContext, useEffect, useRef, useState } from 'react';
import { type Path, parsePath, type To, UNSAFE_NavigationContext, useLocation } from 'react-router-dom';

/** A navigation held: `proceed` lets it go on, `reset` stays. */
export interface HeldNavigation {
  proceed: () => void;
  reset: () => void;
}

/** Asked at each navigation with where it leads (undefined: a move through the browser's history). */
export type ShouldBlock = (next: Partial<Path> | undefined) => boolean;

const indexOf = (state: unknown): number | undefined => {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : undefined;
};

const pathOf = (to: To): Partial<Path> => (typeof to === 'string' ? parsePath(to) : to);

let onPop: ((event: PopStateEvent) => void) | undefined;
let listening = false;

/** Hears the browser's Back and Forward before react-router does: called at start, before the router mounts. */
export function listenBeforeRouter(): void {
  if (listening) return;
  listening = true;
  window.addEventListener('popstate', (event) => onPop?.(event), true);
}

/**
 * While mounted, asks `shouldBlock` before every navigation; a navigation it blocks is held and returned until
 * the caller proceeds with it or resets it. A Back or Forward whose direction is unknown (no index in the
 * history entry) goes through.
 */
export function useNavigationBlocker(shouldBlock: ShouldBlock): HeldNavigation | undefined {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const [held, setHeld] = useState<HeldNavigation>();
  const ask = useRef(shouldBlock);
  ask.current = shouldBlock;
  // The index of the entry on screen: the one a Back or Forward is undone to.
  const location = useLocation();
  const here = useRef<number>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again at each location the router shows
  useEffect(() => {
    here.current = indexOf(window.history.state);
  }, [location]);

  useEffect(() => {
    const { push, replace, go } = navigator;
    /** Whether the next popstate is ours: a move let through, or one undone. */
    let passing = false;
    let undoing = false;

    const hold = (run: () => void) =>
      setHeld({
        proceed: () => {
          setHeld(undefined);
          run();
        },
        reset: () => setHeld(undefined),
      });

    navigator.push = (to, state, options) => {
      if (ask.current(pathOf(to))) hold(() => push(to, state, options));
      else push(to, state, options);
    };
    navigator.replace = (to, state, options) => {
      if (ask.current(pathOf(to))) hold(() => replace(to, state, options));
      else replace(to, state, options);
    };
    navigator.go = (delta) => {
      if (ask.current(undefined))
        hold(() => {
          passing = true;
          go(delta);
        });
      else go(delta);
    };

    const onPopState = (event: PopStateEvent) => {
      if (undoing) {
        // The browser came back to the guarded entry: the router must not see it.
        undoing = false;
        event.stopImmediatePropagation();
        return;
      }
      if (passing) {
        passing = false;
        return;
      }
      const from = here.current;
      const there = indexOf(event.state);
      if (from === undefined || there === undefined || !ask.current(undefined)) return;
      event.stopImmediatePropagation();
      const delta = from - there;
      undoing = true;
      window.history.go(delta);
      hold(() => {
        passing = true;
        window.history.go(-delta);
      });
    };
    listenBeforeRouter();
    onPop = onPopState;
    return () => {
      if (onPop === onPopState) onPop = undefined;
      navigator.push = push;
      navigator.replace = replace;
      navigator.go = go;
    };
  }, [navigator]);

  return held;
}
