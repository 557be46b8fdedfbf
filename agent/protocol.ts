// The agent protocol is contract/'s: the server's route schemas and the types the agent reads them with.
export type {
  ClaimedJob,
  DeployedRelease,
  FinishBody,
  HeartbeatAnswer,
  HeartbeatBody,
  JobEvent,
  JobSpec,
  LogoImageSpec,
  PoolSpec,
  SourceHolding,
} from '../contract/schemas/agent-schemas';
export type { JobState } from '../contract/statuses';
