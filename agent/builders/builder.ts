import type { AgentApi } from '../api-client';
import type { ClaimedJob } from '../protocol';
import type { SourceCache } from '../source-cache';

export interface BuildContext {
  job: ClaimedJob;
  api: AgentApi;
  sources: SourceCache;
  /** A fresh folder for this run, removed afterwards. */
  workDir: string;
  log: (line: string) => void;
  progress: (percent: number) => void;
  /** Aborted when the job is cancelled or lost: stop and throw. */
  signal: AbortSignal;
}

/** The packed artifact: `<uuid>.tar.gz` in the run's folder, with its digest and size. */
export interface BuildResult {
  file: string;
  sha256: string;
  size: number;
}

export type Builder = (context: BuildContext) => Promise<BuildResult>;

/** Progress the builder reports at most; the upload and the finish take it to 100. */
export const BUILD_PROGRESS_MAX = 90;
