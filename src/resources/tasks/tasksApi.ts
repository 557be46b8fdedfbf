import type { HttpClient } from '../../dataProvider/httpClient';
import { callOf } from '../../dataProvider/paths';

/** POST /client/firmware/tasks/{id}/cancel: stops a pending or running build. */
export async function cancelTask(httpClient: HttpClient, id: number): Promise<void> {
  const { path, request } = callOf('cancelTask', { id });
  await httpClient(path, request);
}
