import type { HttpClient } from '../../api/httpClient';

/** POST /client/firmware/tasks/{id}/cancel: stops a pending or running build. */
export async function cancelTask(httpClient: HttpClient, id: number): Promise<void> {
  await httpClient(`/client/firmware/tasks/${encodeURIComponent(String(id))}/cancel`, { method: 'POST' });
}
