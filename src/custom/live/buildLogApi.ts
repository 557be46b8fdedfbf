import type { HttpClient } from '../../api/httpClient';
import { callOf } from '../../dataProvider/paths';
import type { LogLine } from './logLines';

/** GET /client/firmware/firmwares/{id}/log: the build's stored log, in full. */
export interface StoredBuildLog {
  progress: number;
  lines: LogLine[];
}

export const buildLogPath = (buildId: number | string) => callOf('buildLog', { id: buildId }).path;

export async function fetchBuildLog(
  httpClient: HttpClient,
  buildId: number | string,
): Promise<StoredBuildLog> {
  const { json } = await httpClient<Partial<StoredBuildLog> | null>(buildLogPath(buildId));
  const lines = Array.isArray(json?.lines) ? json.lines.filter((l) => typeof l?.seq === 'number') : [];
  return { progress: typeof json?.progress === 'number' ? json.progress : 0, lines };
}
