/** Spec §4: the states of a build; 'cancelled' is a task cancelled before it finished (build agents, issue 5). */
export const BUILD_STATUSES = ['pending', 'in_progress', 'done', 'failed', 'cancelled'] as const;
export type BuildStatus = (typeof BUILD_STATUSES)[number];

/** Spec §3: the kinds of pool config entries. */
export const POOL_TYPES = ['fee', 'devfee', 'refund'] as const;
export type PoolType = (typeof POOL_TYPES)[number];

/** Spec §3: the types of build options. `list` is a list of strings. */
export const BUILD_OPTION_TYPES = ['bool', 'str', 'list'] as const;
export type BuildOptionType = (typeof BUILD_OPTION_TYPES)[number];

/** Spec §9. */
export const FEE_POOL_SLOTS = 5;
export const DEFAULT_DEVFEE = 2;
export const FEE_DECIMALS = 2;

/** Sets are listed 20 a page (spec §9). */
export const GROUPS_PAGE_SIZE = 20;
