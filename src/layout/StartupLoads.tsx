import { useEffect } from 'react';
import { useGetList } from 'react-admin';

const ALL = { pagination: { page: 1, perPage: 10_000 } };

/**
 * What the console loads once signed in (spec §7 Startup loads) so pages find it cached: the account comes with
 * react-admin's identity (the user menu); here the miner models (5 s timeout). Failures are only logged.
 */
export const StartupLoads = () => {
  const models = useGetList('models', ALL, { staleTime: 5 * 60_000, retry: false });
  useEffect(() => {
    if (models.error) console.error('Miner models could not be loaded', models.error);
  }, [models.error]);
  return null;
};
