import type { Static } from 'typebox';
import type { BuildLookupSchema } from '../../../../contract/schemas/build-schemas';
import type { HttpClient } from '../../../dataProvider/httpClient';
import { callOf } from '../../../dataProvider/paths';

/** A build found by uuid, with its set's name and its owner's e-mail. */
export type FoundBuild = Static<typeof BuildLookupSchema>;

/** GET /admin/firmwares/uuid/{uuid} (admins): the build, or a 404 the caller shows as "not found". */
export async function findBuildByUuid(httpClient: HttpClient, uuid: string): Promise<FoundBuild> {
  const { path, request } = callOf('buildByUuid', { uuid });
  const { json } = await httpClient<FoundBuild>(path, request);
  return json;
}
