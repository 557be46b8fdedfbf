// Everything the build form chooses from, loaded once per visit through react-query (the catalogue, releases,
// licenses, pool presets, SSH keys and logos through the dataProvider; build options through buildsApi).
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type RaRecord, useGetList, usePermissions } from 'react-admin';
import type { Combination, MinerModel, Series } from '../../../../contract/rules/catalogue';
import type { PartnerFee } from '../../../authProvider/account';
import { useAccount } from '../../../authProvider/useAccount';
import type { LogoSet } from '../../../custom/account/accountApi';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { WHOLE_LIST } from '../../../dataProvider/wholeList';
import { fetchBuildOptions } from '../setsApi';
import type { BuildOption, License, PoolPreset, SshKey } from '../types';
import type { CatalogueData, ReleaseChoice } from './cascade';

const NONE: never[] = [];

const useAll = <T>(resource: string, meta?: Record<string, unknown>) => {
  const result = useGetList<T & RaRecord>(resource, { ...WHOLE_LIST, meta });
  return { data: (result.data ?? NONE) as T[], isPending: result.isPending, error: result.error };
};

export interface BuildFormData {
  isAdmin: boolean;
  catalogue: CatalogueData;
  releases: ReleaseChoice[];
  licenses: License[];
  presets: PoolPreset[];
  sshKeys: SshKey[];
  logos: LogoSet[];
  options: BuildOption[];
  fees: PartnerFee[];
  isPending: boolean;
  refetchLogos: () => void;
}

export function useBuildFormData(): BuildFormData {
  const { permissions } = usePermissions();
  const isAdmin = permissions === 'admin';
  const http = useHttpClient();
  const { account } = useAccount();
  const series = useAll<Series>('series');
  const models = useAll<MinerModel>('models');
  const combinations = useAll<Combination>('combinations');
  const releases = useAll<ReleaseChoice>('releases', { include_deleted: false });
  const licenses = useAll<License>('buildLicenses');
  const presets = useAll<PoolPreset>('poolPresets');
  const sshKeys = useAll<SshKey>('sshKeys');
  const logosList = useGetList<LogoSet>('logos', WHOLE_LIST);
  const options = useQuery({
    queryKey: ['buildOptions', isAdmin],
    queryFn: () => fetchBuildOptions(http, isAdmin),
    enabled: permissions !== undefined,
  });

  const pending = [series, models, combinations, releases].some((r) => r.isPending) || options.isPending;
  return useMemo(
    () => ({
      isAdmin,
      catalogue: { series: series.data, models: models.data, combinations: combinations.data },
      releases: releases.data,
      licenses: licenses.data,
      presets: presets.data,
      sshKeys: sshKeys.data,
      logos: logosList.data ?? NONE,
      options: options.data ?? NONE,
      fees: account?.fee ?? NONE,
      isPending: pending || logosList.isPending,
      refetchLogos: logosList.refetch,
    }),
    [
      isAdmin,
      series.data,
      models.data,
      combinations.data,
      releases.data,
      licenses.data,
      presets.data,
      sshKeys.data,
      logosList.data,
      logosList.isPending,
      logosList.refetch,
      options.data,
      account?.fee,
      pending,
    ],
  );
}
