import { HIDDEN_SERIES } from '../../../contract/constants';
import { englishOf } from '../../../contract/english';
import { type FeeMinimums, feeMinimums } from '../../../contract/rules/fees';
import { releaseBuildable } from '../../../contract/rules/releases';
import type { ReleaseStage } from '../../../contract/statuses';
import type { AccountRow } from '../../accounts/accounts-repository';
import { findLicense } from '../../accounts/licenses-repository';
import { feesByAccount } from '../../accounts/partner-fees-repository';
import { listBuildOptions } from '../../catalogue/build-options-repository';
import { combinationExists, findModel, findSeries } from '../../catalogue/catalogue-repository';
import type { Db } from '../../platform/db/client';
import type { BuildRow, PoolConfigEntry } from '../../platform/db/schema';
import { notFound } from '../../platform/http/http-errors';
import { ValidationFailedError } from '../../platform/http/validation-errors';
import { findReleaseRow } from '../../releases/releases-repository';
import { checkLogo, checkSshKeys } from '../../sets/set-items';
import { type BuildSetRow, findSet } from '../../sets/sets-repository';
import { checkOptions } from './option-rules';
import { checkPools, type Issue, type PoolInput } from './pool-rules';
import { visibleRelease } from './release-choice';

/** A build body (POST: all required fields; PATCH: any of them). */
export interface BuildInput {
  group_id?: number;
  series?: string;
  model?: string;
  platform?: string;
  install_type?: string;
  release_id?: number;
  license_id?: number | null;
  add_license?: boolean;
  options?: Record<string, unknown>;
  ssh_keys?: number[];
  logo_id?: number;
  fee_pools_configs?: PoolInput[];
}

export interface ResolvedBuild {
  set: BuildSetRow;
  model: string;
  series: string;
  platform: string;
  install_type: string;
  release: { id: number; version: string; stage: ReleaseStage };
  license_id: number | null;
  add_license: boolean;
  options: Record<string, unknown>;
  ssh_keys: number[];
  logo_id: number;
  fee_pools_configs: PoolConfigEntry[];
}

/** Who acts (their role decides visibility, refund pools and options) and whose build it is. */
export interface Actors {
  actor: AccountRow;
  owner: AccountRow;
}

const loc = (field: string) => ['body', field];

/** The minimums the owner's build of the series is held to (none when an admin acts). */
async function minimumsOf(db: Db, actors: Actors, series: string): Promise<FeeMinimums | undefined> {
  if (actors.actor.is_admin) return undefined;
  return feeMinimums((await feesByAccount(db, [actors.owner.id])).get(actors.owner.id), series);
}

/** Spec §3 catalogue rules for the model, its series, the platform and the install type. */
async function catalogueIssues(
  db: Db,
  actor: AccountRow,
  c: { series?: string; model: string; platform: string; install_type: string },
): Promise<{ series?: string; issues: Issue[] }> {
  const model = await findModel(db, c.model);
  if (!model) return { issues: [{ loc: loc('model'), msg: 'Unknown model' }] };
  const seriesLoc = loc(c.series === undefined ? 'model' : 'series');
  if (c.series !== undefined && c.series !== model.series) {
    const known = await findSeries(db, c.series);
    return {
      issues: [
        {
          loc: known ? loc('model') : seriesLoc,
          msg: known ? 'Model is not in the series' : 'Unknown series',
        },
      ],
    };
  }
  const series = await findSeries(db, model.series);
  const issues: Issue[] = [];
  if (!actor.is_admin && (HIDDEN_SERIES as readonly string[]).includes(model.series)) {
    issues.push({ loc: seriesLoc, msg: 'Series is not available' });
  } else if (series?.is_blocked) {
    issues.push({ loc: seriesLoc, msg: 'Series is blocked' });
  } else if (model.is_blocked) {
    issues.push({ loc: loc('model'), msg: 'Model is blocked' });
  } else if (!(await combinationExists(db, c))) {
    const onPlatform = await combinationExists(db, { model: c.model, platform: c.platform });
    issues.push({ loc: loc(onPlatform ? 'install_type' : 'platform'), msg: 'Invalid combination' });
  }
  return { series: model.series, issues };
}

/**
 * Checks a build submission or edit (merged over `current`) the way the build form does, and answers what
 * to store. Another account's set, key or logo answers 404; every other problem is collected into one 422.
 * Nothing is written here.
 */
export async function resolveBuildInput(
  db: Db,
  { actor, owner }: Actors,
  input: BuildInput,
  current?: BuildRow,
): Promise<ResolvedBuild> {
  const setId = input.group_id ?? current?.group_id;
  const set = setId === undefined ? undefined : await findSet(db, setId, owner.id);
  if (!set || set.is_removed) throw notFound('Set not found');
  const fallback = current ?? set;
  const ssh_keys =
    input.ssh_keys === undefined
      ? await checkSshKeys(db, owner.id, fallback.ssh_keys, { dropMissing: true })
      : await checkSshKeys(db, owner.id, input.ssh_keys);
  const logo_id = await checkLogo(db, owner.id, input.logo_id ?? fallback.logo_id, fallback.logo_id);

  const wanted = {
    series: input.series,
    model: input.model ?? current?.model ?? '',
    platform: input.platform ?? current?.platform ?? '',
    install_type: input.install_type ?? current?.install_type ?? '',
  };
  const catalogue = await catalogueIssues(db, actor, wanted);
  const issues = [...catalogue.issues];

  const releaseId = input.release_id ?? current?.release_id ?? 0;
  const release =
    current && releaseId === current.release_id
      ? await findReleaseRow(db, releaseId)
      : await visibleRelease(db, actor, releaseId);
  const unbuildable = release && englishOf(releaseBuildable(release));
  if (!release) issues.push({ loc: loc('release_id'), msg: 'Release not found' });
  else if (unbuildable) issues.push({ loc: loc('release_id'), msg: unbuildable });
  else if (catalogue.series && release.series !== catalogue.series) {
    issues.push({ loc: loc('release_id'), msg: 'Release is not of the model’s series' });
  }

  const add_license = input.add_license ?? current?.add_license ?? true;
  const licenseId = input.license_id !== undefined ? input.license_id : (current?.license_id ?? null);
  if (add_license && licenseId === null) issues.push({ loc: loc('license_id'), msg: 'Field is required' });
  else if (add_license && licenseId !== null && !(await findLicense(db, licenseId))) {
    issues.push({ loc: loc('license_id'), msg: 'License not found' });
  }

  const options = checkOptions(input.options ?? {}, await listBuildOptions(db), {
    isAdmin: actor.is_admin,
    current: current?.options,
  });
  issues.push(...options.issues);

  // A refund pool an admin configured stays when its owner edits the other pools (they never see it).
  const keptRefunds = actor.is_admin
    ? []
    : (current?.fee_pools_configs ?? []).filter((p) => p.type_fee_pool === 'refund');
  const pools =
    input.fee_pools_configs ?? (current?.fee_pools_configs ?? []).filter((p) => !keptRefunds.includes(p));
  const checked = checkPools(pools, {
    allowRefund: actor.is_admin,
    minimums: catalogue.series ? await minimumsOf(db, { actor, owner }, catalogue.series) : undefined,
  });
  issues.push(...checked.issues);

  if (issues.length > 0 || !release || !catalogue.series) throw new ValidationFailedError(issues);
  return {
    set,
    ...wanted,
    series: catalogue.series,
    release: { id: release.id, version: release.version, stage: release.stage },
    license_id: add_license ? licenseId : null,
    add_license,
    options: options.values,
    ssh_keys,
    logo_id,
    fee_pools_configs: [...checked.pools, ...keptRefunds],
  };
}
