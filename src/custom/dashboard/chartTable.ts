// Issue 42: what each chart shows as a table: its text alternative on the page and its CSV, one model for both.
import { BOM, csvLine } from '../../../contract/csv';
import { DASHBOARD_STATUSES } from '../../../contract/dashboard';
import type {
  ActivePartners,
  AgentsOverTime,
  BuildsPerBucket,
  FailedBuilds,
  FailureRates,
  LicensesPerWeek,
  Timings,
} from '../../../contract/schemas/dashboard-schemas';

export type CellKind = 'time' | 'week' | 'count' | 'seconds' | 'rate' | 'text' | 'dateTime';

export interface Column {
  key: string;
  /** An i18n key (dashboard.columns.… or dashboard.status.…). */
  label: string;
  kind: CellKind;
}

export type Row = Record<string, string | number | null>;

export interface ChartTable {
  columns: Column[];
  rows: Row[];
}

const at = (bucket: string): Column => ({
  key: 'at',
  label: bucket === 'week' ? 'dashboard.columns.week' : 'dashboard.columns.at',
  kind: bucket === 'hour' ? 'time' : 'week',
});
const count = (key: string, label = `dashboard.columns.${key}`): Column => ({ key, label, kind: 'count' });
const secondsColumn = (key: string): Column => ({ key, label: `dashboard.columns.${key}`, kind: 'seconds' });

export const buildsTable = (data: BuildsPerBucket): ChartTable => ({
  columns: [
    at(data.bucket),
    ...DASHBOARD_STATUSES.map((status) => count(status, `dashboard.status.${status}`)),
  ],
  rows: data.points,
});

export const timingsTable = (data: Timings, own = false): ChartTable => ({
  columns: [
    at(data.bucket),
    ...(own ? ['wait_p50', 'wait_p95'] : ['wait_p50', 'wait_p95', 'duration_p50', 'duration_p95']).map(
      secondsColumn,
    ),
  ],
  rows: data.points,
});

export const agentsTable = (data: AgentsOverTime): ChartTable => ({
  columns: [at(data.bucket), count('online'), count('busy')],
  rows: data.points,
});

/** One row per week, one column per region (a region's name is its own label). */
export const licensesTable = (data: LicensesPerWeek): ChartTable => {
  const weeks = new Map<string, Row>();
  for (const point of data.points) {
    const row = weeks.get(point.at) ?? {
      at: point.at,
      ...Object.fromEntries(data.regions.map((r) => [r, 0])),
    };
    if (point.region) row[point.region] = point.issued;
    weeks.set(point.at, row);
  }
  return {
    columns: [
      at('week'),
      ...data.regions.map((region) => ({ key: region, label: region, kind: 'count' as const })),
    ],
    rows: [...weeks.values()],
  };
};

export const failuresTable = (rows: FailureRates['by_release'], nameLabel: string): ChartTable => ({
  columns: [
    { key: 'name', label: nameLabel, kind: 'text' },
    count('total'),
    count('failed'),
    { key: 'rate', label: 'dashboard.columns.rate', kind: 'rate' },
  ],
  rows,
});

export const partnersTable = (data: ActivePartners): ChartTable => ({
  columns: [count('active'), count('all')],
  rows: [{ active: data.active, all: data.total }],
});

export const failedBuildsTable = (data: FailedBuilds): ChartTable => ({
  columns: [
    { key: 'name', label: 'dashboard.columns.build', kind: 'text' },
    { key: 'model', label: 'dashboard.columns.model', kind: 'text' },
    { key: 'release_version', label: 'dashboard.columns.release', kind: 'text' },
    { key: 'finished_at', label: 'dashboard.columns.finished_at', kind: 'dateTime' },
    { key: 'error', label: 'dashboard.columns.error', kind: 'text' },
  ],
  rows: data,
});

/** Whether a table has anything but zeros and empty measures (a chart of it would be blank). */
export const hasData = (table: ChartTable): boolean =>
  table.rows.some((row) =>
    table.columns.some((column) =>
      column.kind === 'time' || column.kind === 'week'
        ? false
        : row[column.key] !== null && row[column.key] !== 0,
    ),
  );

/** The table as CSV: the translated headers, then the raw values (ISO times, numbers, seconds, rates 0–1). */
export const toCsv = (table: ChartTable, label: (column: Column) => string): string =>
  BOM +
  csvLine(table.columns.map(label)) +
  table.rows.map((row) => csvLine(table.columns.map((column) => row[column.key] ?? null))).join('');
