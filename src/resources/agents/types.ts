// GET /admin/workers: a build agent (spec §3 Worker), as contract/ describes it.
import type { Agent } from '../../../contract/schemas/agent-admin-schemas';

export type { Agent };
export type AgentStatus = Agent['status'];
export type AgentBuild = NonNullable<Agent['current_build']>;
export type AgentRelease = Agent['releases'][number];
export type AgentSource = Agent['sources'][number];
