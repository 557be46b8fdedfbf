// Issue 42: the dashboards' ranges and the time buckets each one is drawn in (server and SPA alike).

export const DASHBOARD_RANGES = ['24h', '7d', '30d', '90d'] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = '7d';

export const RANGE_HOURS: Record<DashboardRange, number> = { '24h': 24, '7d': 168, '30d': 720, '90d': 2160 };

export type DashboardBucket = 'hour' | 'day' | 'week';

/** A range's bucket: hours for the last day, days beyond. */
export const rangeBucket = (range: DashboardRange): DashboardBucket => (range === '24h' ? 'hour' : 'day');

/** The statuses a build-per-bucket point counts, in the order the chart stacks them. */
export const DASHBOARD_STATUSES = ['done', 'failed', 'cancelled', 'in_progress', 'pending'] as const;

/** How many releases and models the failure rates list. */
export const FAILURE_TOP = 10;
/** How many of a partner's last failed builds the dashboard lists. */
export const FAILED_BUILDS_SHOWN = 10;
