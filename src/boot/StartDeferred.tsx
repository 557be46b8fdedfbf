import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { consoleStarting } from './firstPageDrawn';

/**
 * While the console starts, `children` are first drawn by a background render (a transition, which React slices
 * into tasks of a few milliseconds) and `placeholder` stands until then; afterwards they are drawn at once.
 *
 * At start the page and its top panel otherwise mount in whichever render comes once their code is there: often
 * one of react-admin's own updates from its effects (its routes and resource definitions set again), which React
 * renders in one piece. The release rows then made a task of ~200 ms under Lighthouse's 4× slowdown (issue
 * 14, measured 2026-11-26).
 */
export function StartDeferred({ placeholder, children }: { placeholder: ReactNode; children: ReactNode }) {
  const [deferred, setDeferred] = useState(consoleStarting);
  useEffect(() => {
    if (deferred) startTransition(() => setDeferred(false));
  }, [deferred]);
  return deferred ? placeholder : children;
}
