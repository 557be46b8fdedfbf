// GET /admin/workers: a build agent (spec §3 Worker), as contract/ describes it.
import type { Worker } from '../../../contract/schemas/workers-schemas';

export type Agent = Worker;
export type AgentStatus = Worker['status'];
export type AgentBuild = NonNullable<Worker['current_build']>;
export type AgentRelease = Worker['releases'][number];
export type AgentSource = Worker['sources'][number];
