// Live builds (spec §4 Live socket): what other parts of the console use.
export { BuildLogDialog, type BuildLogDialogProps } from './BuildLogDialog';
export { LiveProvider, useBuildLive, useBuildProgress } from './LiveProvider';
export type { LogLine } from './logLines';
