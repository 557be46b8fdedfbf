// The build form's modes (spec §4): from a set (the DevFee worker from the set's name, the logo selection from
// its logo_id), from an existing build (everything prefilled), or a missing model preset; and the body it sends.
import { DEFAULT_SUBSET, GENERAL_LOGO_ID } from '../../../../contract/constants';
import type { Build, BuildBody, BuildOption, BuildOptionValues, BuildSet } from '../types';
import { type CatalogueData, type ReleaseChoice, seriesOfModel, subsetOf } from './cascade';
import { joinPools, splitPools, workerFromSetName } from './pools';
import type { BuildFormValues, LogoSelect, Subset } from './types';

export interface LogoSetRef {
  id: number;
  is_default: boolean;
  /** Uploaded for one build (issue 37): not one of the account's saved sets. */
  for_build?: boolean;
}

/** The account's own default logo set ('my logo'), if it has one; the general logo (id 1) is nobody's. */
export const myLogo = (logos: readonly LogoSetRef[]): LogoSetRef | undefined =>
  logos.find((l) => l.is_default && l.id !== GENERAL_LOGO_ID);

/** The account's saved logo sets (issue 37): its own, not the general logo, not uploaded for one build. */
export const savedLogos = <T extends LogoSetRef>(logos: readonly T[]): T[] =>
  logos.filter((l) => l.id !== GENERAL_LOGO_ID && !l.for_build);

/** The logo selection a logo_id stands for: none or 1 is default, the account's default set my_logo, else build_logo. */
export function logoSelectFor(
  logoId: number | null | undefined,
  logos: readonly LogoSetRef[],
): { logoSelect: LogoSelect; savedLogoID: number | null } {
  if (logoId === null || logoId === undefined || logoId === GENERAL_LOGO_ID) {
    return { logoSelect: 'default', savedLogoID: null };
  }
  // Issue 37: any of the account's saved sets is 'my logo', the one chosen kept in savedLogoID.
  if (savedLogos(logos).some((l) => l.id === logoId)) return { logoSelect: 'my_logo', savedLogoID: logoId };
  return { logoSelect: 'build_logo', savedLogoID: logoId };
}

/** The logo_id to send, once a build_logo pair has been uploaded (`uploadedId`) when there were new files. */
export function logoIdFor(
  values: Pick<BuildFormValues, 'logoSelect' | 'savedLogoID'>,
  logos: readonly LogoSetRef[],
  uploadedId?: number,
): number {
  if (values.logoSelect === 'my_logo') {
    const chosen = savedLogos(logos).find((l) => l.id === values.savedLogoID);
    return chosen?.id ?? myLogo(logos)?.id ?? GENERAL_LOGO_ID;
  }
  if (values.logoSelect === 'build_logo') return uploadedId ?? values.savedLogoID ?? GENERAL_LOGO_ID;
  return GENERAL_LOGO_ID;
}

/** Mode 'from a set': an empty build of the set, DevFee worker from the set's name, the set's logo and keys. */
export function valuesFromSet(
  set: Pick<BuildSet, 'id' | 'name' | 'logo_id' | 'ssh_keys'>,
  logos: readonly LogoSetRef[],
): BuildFormValues {
  return {
    group_id: set.id,
    series: '',
    model: '',
    platform: '',
    installType: '',
    subset: DEFAULT_SUBSET as Subset,
    release: null,
    addLicense: true,
    license: null,
    options: {},
    ssh_keys: [...(set.ssh_keys ?? [])],
    ...logoSelectFor(set.logo_id, logos),
    customLogoFiles: { image_le: null, image_de: null },
    ...splitPools([], workerFromSetName(set.name)),
  };
}

/** Mode 'from an existing build': every field as the build has it. */
export function valuesFromBuild(
  build: Build,
  set: Pick<BuildSet, 'id' | 'name' | 'logo_id' | 'ssh_keys'>,
  logos: readonly LogoSetRef[],
  releases: readonly ReleaseChoice[],
): BuildFormValues {
  const release = releases.find((r) => r.id === build.release_id);
  return {
    ...valuesFromSet(set, logos),
    series: build.series,
    model: build.model,
    platform: build.platform,
    installType: build.install_type,
    subset: subsetOf(release?.stage ?? build.stage ?? 'stable'),
    release: build.release_id,
    addLicense: Boolean(build.add_license),
    license: build.license_id ?? null,
    options: { ...(build.options ?? {}) },
    ssh_keys: [...(build.ssh_keys ?? [])],
    ...logoSelectFor(build.logo_id, logos),
    ...splitPools(build.fee_pools_configs, workerFromSetName(set.name)),
  };
}

/** A model from the 'List of missing models': its series and the model, the rest left to choose. */
export function withModelPreset(
  values: BuildFormValues,
  model: string,
  catalogue: CatalogueData,
): BuildFormValues {
  const series = seriesOfModel(catalogue, model);
  if (!series) return values;
  return { ...values, series, model, platform: '', installType: '', release: null };
}

/** Default values of build options: each option's default. */
export function optionDefaults(options: readonly Pick<BuildOption, 'name' | 'default'>[]): BuildOptionValues {
  return Object.fromEntries(options.map((o) => [o.name, o.default]));
}

/** The form's values as POST /client/firmware/firmwares wants them; options and the refund pool are admins'. */
export function toBuildBody(values: BuildFormValues, logoId: number, isAdmin: boolean): BuildBody {
  return {
    group_id: values.group_id,
    model: values.model,
    platform: values.platform,
    install_type: values.installType,
    release_id: values.release as number,
    license_id: values.addLicense ? (values.license ?? null) : null,
    add_license: Boolean(values.addLicense),
    ...(isAdmin ? { options: { ...values.options } } : {}),
    ssh_keys: [...values.ssh_keys],
    logo_id: logoId,
    fee_pools_configs: joinPools(values, isAdmin),
  };
}

/** The fields of a build's body that differ from the build (PATCH of an existing build sends only those). */
export function changedBuildFields(body: BuildBody, build: Build): Partial<BuildBody> {
  const { group_id: _group, ...rest } = body;
  const changed: Partial<BuildBody> = {};
  for (const [key, value] of Object.entries(rest) as [keyof BuildBody, unknown][]) {
    if (JSON.stringify(value) !== JSON.stringify((build as unknown as Record<string, unknown>)[key])) {
      (changed as Record<string, unknown>)[key] = value;
    }
  }
  return changed;
}

/** A blank form of the set (the 'Reset form' button). */
export const resetValues = valuesFromSet;
