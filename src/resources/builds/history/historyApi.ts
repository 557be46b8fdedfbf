import type { BuildRun } from '../../../../contract/schemas/runs-schemas';
import type { HttpClient } from '../../../dataProvider/httpClient';
import { callOf } from '../../../dataProvider/paths';

export type { BuildRun };

/** GET …/firmwares/{id}/runs (admins: any build's): the build's runs, the latest first. */
export async function fetchRuns(
  httpClient: HttpClient,
  buildId: number,
  admin: boolean,
): Promise<BuildRun[]> {
  const { path, request } = callOf('buildRuns', { id: buildId }, admin);
  const { json } = await httpClient<BuildRun[]>(path, request);
  return Array.isArray(json) ? json : [];
}
