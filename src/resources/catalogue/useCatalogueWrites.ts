// The catalogue's writes through the dataProvider (paths in dataProvider/paths.ts). After each one every catalogue
// list is read again (counts of the other kinds change too: a model added to a series), and so are the lists the
// build form reads, so the admin's own build form shows the change at once.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { useShowError } from '../../dataProvider/showError';
import { type CatalogueRecord, KINDS, type Kind } from './kinds';

const REFRESHED = [...new Set(KINDS.flatMap((kind) => [kind.resource, ...kind.affects]))];

export function useCatalogueWrites(kind: Kind) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => Promise.all(REFRESHED.map((resource) => queryClient.invalidateQueries({ queryKey: [resource] }))),
    [queryClient],
  );

  return useMemo(() => {
    const after = async <T>(write: Promise<T>) => {
      try {
        return await write;
      } finally {
        // A refused change (409) is refreshed as well: the counts it was refused for may be new.
        await refresh();
      }
    };
    return {
      create: (data: Record<string, unknown>) => after(dataProvider.create(kind.resource, { data })),
      update: (record: CatalogueRecord, data: Record<string, unknown>) =>
        after(dataProvider.update(kind.resource, { id: record.id, data, previousData: record })),
      setBlocked: (record: CatalogueRecord, is_blocked: boolean, confirm: boolean) =>
        after(
          dataProvider.update(kind.resource, {
            id: record.id,
            data: confirm ? { is_blocked, confirm } : { is_blocked },
            previousData: record,
          }),
        ),
      remove: (record: CatalogueRecord) =>
        after(dataProvider.delete(kind.resource, { id: record.id, previousData: record })),
    };
  }, [dataProvider, kind, refresh]);
}

/**
 * One write of a catalogue dialog: `busy` while it runs; once done the success `notice` and the dialog closes;
 * refused, the error is shown and `refused` answers what the form should hold (its field errors).
 */
export function useDialogWrite(onClose: () => void) {
  const notify = useNotify();
  const showError = useShowError();
  const [busy, setBusy] = useState(false);
  const run = async <T>(write: () => Promise<unknown>, notice: string, refused: (error: unknown) => T) => {
    setBusy(true);
    try {
      await write();
      notify(notice, { type: 'success' });
      onClose();
      return undefined;
    } catch (error) {
      showError(error);
      return refused(error);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}
