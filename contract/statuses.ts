// The states and kinds the spec names (§3, §4), shared by the console, the server's schemas and database, and
// the agent.

/**
 * Spec §4: the states of a build (a task is a build seen from the queue); 'cancelled' is a build a user stopped
 * before it finished.
 */
export const BUILD_STATUSES = ['pending', 'in_progress', 'done', 'failed', 'cancelled'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

/** The release stage ladder of spec §4, lowest first. */
export const RELEASE_STAGES = ['dev', 'alpha', 'beta', 'rc', 'prerelease', 'stable'] as const;
export type ReleaseStage = (typeof RELEASE_STAGES)[number];

/** Spec §3: the kinds of pool config entries. */
export const POOL_TYPES = ['fee', 'devfee', 'refund'] as const;
export type PoolType = (typeof POOL_TYPES)[number];

/** Spec §3: the types of build options. `list` is a list of strings. */
export const BUILD_OPTION_TYPES = ['bool', 'str', 'list'] as const;
export type BuildOptionType = (typeof BUILD_OPTION_TYPES)[number];

/** What an agent is told about a job it builds: go on, or stop (a user cancelled it). */
export const JOB_STATES = ['running', 'cancelling'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** How an agent ends a job; the server may answer 'cancelled' instead. */
export const FINISH_STATUSES = ['done', 'failed'] as const;
export type FinishStatus = (typeof FINISH_STATUSES)[number];
