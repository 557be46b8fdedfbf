import type { TooltipProps } from '@mui/material';
import {
  type ComponentType,
  cloneElement,
  type ReactElement,
  type SyntheticEvent,
  useRef,
  useState,
} from 'react';
import type { HintPopupProps } from './HintPopup';

type Handler = ((event: SyntheticEvent) => void) | undefined;
type ChildProps = Record<string, unknown> & {
  onMouseEnter?: Handler;
  onMouseLeave?: Handler;
  onFocus?: Handler;
  onBlur?: Handler;
  onTouchStart?: Handler;
  'aria-label'?: string;
};

export type HintTooltipProps = Pick<TooltipProps, 'title' | 'placement' | 'describeChild'> & {
  children: ReactElement;
};

/** Mouse events a browser makes up after a touch: a tap is not a hover. */
const TOUCH_ECHO_MS = 1_000;

type Popup = ComponentType<HintPopupProps>;
let popup: Popup | undefined;
let loadingPopup: Promise<Popup> | undefined;

/**
 * The hint's code (MUI's Tooltip and Popper.js, 13.5 KB on the wire on 2026-11-27), fetched when a hint is
 * first wanted or when the console is idle after its first page (StartupLoads), not with the shell (issue
 * 14). A failed fetch is tried again at the next hint.
 */
export function loadHintPopup(): Promise<Popup> {
  loadingPopup ??= import('./HintPopup').then(
    (module) => {
      popup = module.HintPopup;
      return popup;
    },
    (error: unknown) => {
      loadingPopup = undefined;
      throw error;
    },
  );
  return loadingPopup;
}

/**
 * A hint on hover and keyboard focus, drawn by MUI's Tooltip (HintPopup), which is fetched and mounted only the
 * first time a hint is wanted (issue 14). A Tooltip wrapped round an element costs its hooks, timers and a Popper
 * on every render whether it ever shows or not: the release rows carried four each and the header three, a good
 * part of the signed-in pages' start-up work. Here the element is drawn alone, named by the title as the Tooltip
 * would name it (`aria-label`, unless `describeChild` or it has a label of its own), and the Tooltip stands beside
 * it, anchored to it, from the first hover or focus on. Beside and not round it: wrapping it later would mount the
 * element anew under the pointer or the keyboard's focus.
 */
export function HintTooltip({ children, title, placement, describeChild }: HintTooltipProps) {
  const [hint, setHint] = useState<{ anchor: HTMLElement; open: boolean } | null>(null);
  const [Popup, setPopup] = useState<Popup | undefined>(() => popup);
  const touchedAt = useRef(0);
  const child = children as ReactElement<ChildProps>;
  const own = child.props;
  const show = (handler: Handler) => (event: SyntheticEvent) => {
    handler?.(event);
    if (event.type === 'mouseenter' && Date.now() - touchedAt.current < TOUCH_ECHO_MS) return;
    if (event.type === 'focus' && !(event.currentTarget as HTMLElement).matches(':focus-visible')) return;
    setHint({ anchor: event.currentTarget as HTMLElement, open: true });
    if (!Popup)
      loadHintPopup().then(
        (loaded) => setPopup(() => loaded),
        () => undefined,
      );
  };
  const close = () => setHint((current) => current && { ...current, open: false });
  const hide = (handler: Handler) => (event: SyntheticEvent) => {
    handler?.(event);
    close();
  };
  const named = !describeChild && typeof title === 'string' && own['aria-label'] === undefined;
  return (
    <>
      {cloneElement(child, {
        onMouseEnter: show(own.onMouseEnter),
        onMouseLeave: hide(own.onMouseLeave),
        onFocus: show(own.onFocus),
        onBlur: hide(own.onBlur),
        onTouchStart: (event: SyntheticEvent) => {
          touchedAt.current = Date.now();
          own.onTouchStart?.(event);
        },
        ...(named ? { 'aria-label': title } : {}),
      })}
      {hint && Popup && (
        <Popup title={title} placement={placement} open={hint.open} onClose={close} anchor={hint.anchor} />
      )}
    </>
  );
}
