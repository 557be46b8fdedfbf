// The agent protocol as the agent sees it (the server's TypeBox schemas in server/schemas/agent-schemas.ts
// are the authority; these types mirror them so the agent stays free of server code).

export interface ClaimedJob {
  id: number;
  uuid: string;
  /** Which run of the job this is (1, 2, … after a lease expired); events carry it for idempotency. */
  attempt: number;
  spec: JobSpec;
}

/** A log line is text, a progress a percentage from 0 to 100. */
export type JobEvent =
  | { seq: number; type: 'log'; data: string }
  | { seq: number; type: 'progress'; data: number };

export type JobState = 'running' | 'cancelling';

export interface FinishBody {
  status: 'done' | 'failed';
  sha256?: string;
  size?: number;
  reason?: string;
}

export interface SourceHolding {
  repository: string;
  tags: string[];
}

export interface HeartbeatBody {
  releases?: number[];
  sources?: SourceHolding[];
  /** The jobs being built now: only their leases are renewed. */
  jobs?: number[];
}

export interface DeployedRelease {
  id: number;
  tags: { repository: string; tag: string }[];
}

export interface HeartbeatAnswer {
  ok: true;
  /** Releases an admin deployed: an agent fetches their sources ahead of any build and reports them. */
  deployed?: DeployedRelease[];
}

export interface PoolSpec {
  alias?: string;
  url: string;
  account?: string;
  worker?: string;
  fee?: number;
  fake_fee?: number | null;
  hidden?: boolean;
  type_fee_pool?: 'fee' | 'devfee' | 'refund';
  password?: string;
}

/** One image of the logo set, public on the console: GET `url` (relative to the server). */
export interface LogoImageSpec {
  url: string;
  type?: string;
}

/**
 * What the server resolved when the build was queued (server/builds/job-spec.ts is the authority). The
 * builder reads only these fields and tolerates extra ones.
 */
export interface JobSpec {
  build?: {
    uuid?: string;
    name?: string;
    model?: string;
    series?: string;
    platform?: string;
    install_type?: string;
  };
  release: {
    id: number;
    series?: string;
    version?: string;
    stage?: string;
    tags: { repository_name: string; tag_name: string; url?: string | null }[];
  };
  pools: PoolSpec[];
  ssh_keys: { name?: string; key: string }[];
  logo: { id: number; le: LogoImageSpec; de: LogoImageSpec } | null;
  license: { id?: number; name: string; region?: string } | null;
  options: Record<string, unknown>;
}
