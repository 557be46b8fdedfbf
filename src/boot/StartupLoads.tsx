import { useEffect, useState } from 'react';
import { useGetList } from 'react-admin';
import { loadCollation } from '../i18n/collator';
import { loadHintPopup } from '../ui/HintTooltip';
import { whenIdle } from './whenIdle';

const ALL = { pagination: { page: 1, perPage: 10_000 } };

/**
 * What the console loads once signed in (spec §7 Startup loads) so pages find it cached: the account comes with
 * react-admin's identity (the user menu); here the miner models (5 s timeout). Failures are only logged. The
 * hints' code comes in the same idle task.
 */
export const StartupLoads = () => {
  // Once the first page is drawn (issue 14): a page that needs the models asks for them itself. The collation
  // data the models' sort needs is loaded first, in this idle task, not in the task of their answer.
  const [idle, setIdle] = useState(false);
  useEffect(
    () =>
      whenIdle(() => {
        loadCollation();
        // The hints' code, so that a first hover finds it here.
        loadHintPopup().catch(() => undefined);
        setIdle(true);
        return undefined;
      }),
    [],
  );
  const models = useGetList('models', ALL, { staleTime: 5 * 60_000, retry: false, enabled: idle });
  useEffect(() => {
    if (models.error) console.error('Miner models could not be loaded', models.error);
  }, [models.error]);
  return null;
};
