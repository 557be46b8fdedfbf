/** GET /admin/workers: a build agent (spec §3 Worker). */
export type AgentStatus = 'online' | 'offline' | 'busy';

export interface AgentBuild {
  id: number;
  uuid: string;
  group_name: string;
  model: string;
  progress: number;
}

export interface AgentRelease {
  id: number;
  series: string;
  version: string;
  stage: string;
}

export interface AgentSource {
  repository: string;
  tags: string[];
}

export interface Agent {
  id: number;
  name: string;
  token_prefix: string;
  is_blocked: boolean;
  status: AgentStatus;
  current_build: AgentBuild | null;
  releases: AgentRelease[];
  sources: AgentSource[];
  last_contact: string | null;
  /** Only in the answer of a create or a token regeneration: shown once. */
  token?: string;
}
