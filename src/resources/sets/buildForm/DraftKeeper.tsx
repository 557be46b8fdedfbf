import { Alert, Button } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useStoreContext, useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useDates } from '../../../i18n/dates';
import { type BuildDraft, DRAFT_SAVE_DELAY_MS, toDraft } from './buildDraft';
import type { BuildFormValues } from './types';

/** Where the form's draft lives and whether the form is done with it (the build was accepted). */
export interface DraftPlace {
  key: string;
  /** The draft found when the form opened. */
  found: BuildDraft | undefined;
  /** Set when the build is accepted: nothing is written after it, and leaving is not asked about. */
  settled: { current: boolean };
}

/** Whether the user changed the form (react-hook-form's dirty fields: the cascade's own choices are not). */
export const useFormChanged = (): boolean => Object.keys(useFormState().dirtyFields).length > 0;

/**
 * Keeps the build form's draft (issue 37, item 2.7): brings the one found back once the form is ready, writes
 * the values a moment after each change while the form differs from where it started, forgets it when it no
 * longer does (a reset) or on 'Discard draft', and writes what is pending when the form goes away (a session
 * that expired takes the user to the sign-in page). Says so when a draft was brought back.
 */
export const DraftKeeper = ({
  place,
  initialValues,
}: {
  place: DraftPlace;
  initialValues: BuildFormValues;
}) => {
  const translate = useTranslate();
  const dates = useDates();
  const store = useStoreContext();
  const { reset, getValues } = useFormContext<BuildFormValues>();
  const { isReady } = useFormState();
  const changed = useFormChanged();
  const values = useWatch();
  const [restored, setRestored] = useState<BuildDraft>();
  const applied = useRef(false);
  const pending = useRef<() => void>(undefined);

  // After react-admin's <Form> has set its defaults (as its own record-from-location does).
  useEffect(() => {
    if (!isReady || applied.current) return;
    applied.current = true;
    if (!place.found) return;
    reset(place.found.values, { keepDefaultValues: true });
    setRestored(place.found);
  }, [isReady, place.found, reset]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `values` is what changed; getValues reads them
  useEffect(() => {
    if (!applied.current || place.settled.current) return;
    const write = () => {
      pending.current = undefined;
      if (place.settled.current) return;
      if (changed) store.setItem(place.key, toDraft(getValues()));
      else store.removeItem(place.key);
    };
    pending.current = write;
    const timer = setTimeout(write, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [values, changed, place, store, getValues]);

  useEffect(() => () => pending.current?.(), []);
  if (!restored || !changed) return null;
  const discard = () => {
    store.removeItem(place.key);
    reset(initialValues);
    setRestored(undefined);
  };
  return (
    <Alert
      severity="info"
      action={
        <Button color="inherit" size="small" onClick={discard}>
          {translate('app.build_form.draft.discard')}
        </Button>
      }
    >
      {translate('app.build_form.draft.restored', { time: dates.format(restored.savedAt, 'dateTime') })}
      {restored.hadLogoFiles && ` ${translate('app.build_form.draft.logo_files')}`}
    </Alert>
  );
};
