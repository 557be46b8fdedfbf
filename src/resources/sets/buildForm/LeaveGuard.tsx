import { useEffect } from 'react';
import { Confirm } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { readToken } from '../../../authProvider/session';
import { useNavigationBlocker } from '../../../layout/useNavigationBlocker';
import type { DraftPlace } from './DraftKeeper';
import { useFormChanged } from './DraftKeeper';

/**
 * Asks before the build form is left with changes not built (issue 37, item 2.7): a link, Cancel, Back or
 * Forward inside the console (a dialog: stay or leave, the draft is kept either way), and closing or reloading
 * the tab (the browser's own question). Not once the build is accepted, nor when the session has ended (the
 * way to the sign-in page is not the user's choice; the draft waits for them).
 */
export const LeaveGuard = ({ place }: { place: Pick<DraftPlace, 'settled'> }) => {
  const changed = useFormChanged();
  const location = useLocation();
  const guarding = changed && !place.settled.current;
  const held = useNavigationBlocker(
    (next) =>
      guarding &&
      !place.settled.current &&
      Boolean(readToken()) &&
      (next === undefined ||
        (next.pathname ?? location.pathname) !== location.pathname ||
        (next.search ?? '') !== location.search),
  );

  useEffect(() => {
    if (!guarding) return;
    const ask = (event: BeforeUnloadEvent) => {
      if (place.settled.current) return;
      event.preventDefault();
      // Chrome before 119 asks only when returnValue is set.
      event.returnValue = true;
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [guarding, place]);

  return (
    <Confirm
      isOpen={Boolean(held)}
      title="app.build_form.leave.title"
      content="app.build_form.leave.content"
      confirm="app.build_form.leave.leave"
      cancel="app.build_form.leave.stay"
      onConfirm={() => held?.proceed()}
      onClose={() => held?.reset()}
    />
  );
};
