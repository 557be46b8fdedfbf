import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { type DashboardRange, DEFAULT_DASHBOARD_RANGE } from '../../../contract/dashboard';
import type {
  ActivePartners,
  AgentsOverTime,
  BuildsPerBucket,
  FailedBuilds,
  FailureRates,
  LicensesPerWeek,
  Timings,
} from '../../../contract/schemas/dashboard-schemas';
import { ChartCard, type ChartCardProps } from './ChartCard';
import { Lines, RateBars, StackedBars } from './charts';
import {
  agentsTable,
  buildsTable,
  type ChartTable,
  failedBuildsTable,
  failuresTable,
  licensesTable,
  partnersTable,
  timingsTable,
} from './chartTable';
import { useChartFormat } from './format';
import { OKABE_ITO, STATUS_COLOURS } from './palette';
import { useChart } from './useChart';

interface ChartProps<T> {
  name: string;
  /** The API's chart (…/dashboard/{path}). */
  path: string;
  title: string;
  staff: boolean;
  toTable: (data: T) => ChartTable;
  chart?: ChartCardProps['chart'];
  /** false: the chart has no range (a partner's last failed builds). */
  ranged?: boolean;
}

/** A chart card with its own range, reading its data. */
function Chart<T>({ name, path, title, staff, toTable, chart, ranged = true }: ChartProps<T>) {
  const [range, setRange] = useState<DashboardRange>(DEFAULT_DASHBOARD_RANGE);
  const query = useChart<T>(path, ranged ? range : undefined, staff);
  return (
    <ChartCard
      name={name}
      title={title}
      range={ranged ? range : undefined}
      onRange={setRange}
      table={query.data === undefined ? undefined : toTable(query.data)}
      loading={query.isPending}
      error={query.isError}
      chart={chart}
    />
  );
}

const TIMING_COLOURS = {
  wait_p50: OKABE_ITO.blue,
  wait_p95: OKABE_ITO.skyBlue,
  duration_p50: OKABE_ITO.vermillion,
  duration_p95: OKABE_ITO.orange,
};
const AGENT_COLOURS = { online: OKABE_ITO.blue, busy: OKABE_ITO.orange };

const BigNumber = ({ table }: { table: ChartTable }) => {
  const translate = useTranslate();
  const format = useChartFormat();
  const [row] = table.rows;
  return (
    <Typography component="p" sx={{ py: 2 }}>
      <Typography component="span" variant="h3" sx={{ mr: 1 }}>
        {format(row.active, 'count')}
      </Typography>
      {translate('dashboard.charts.partners.of_total', { total: format(row.all, 'count') })}
    </Typography>
  );
};

/** Admins' and developers' charts: everyone's builds (licenses and partners for admins only). */
export const StaffCharts = ({ admin }: { admin: boolean }) => {
  const translate = useTranslate();
  const staff = true;
  return (
    <>
      <Chart<BuildsPerBucket>
        name="builds"
        path="builds"
        title={translate('dashboard.charts.builds.title')}
        staff={staff}
        toTable={buildsTable}
        chart={(table) => <StackedBars table={table} colours={STATUS_COLOURS} />}
      />
      <Chart<Timings>
        name="timings"
        path="timings"
        title={translate('dashboard.charts.timings.title')}
        staff={staff}
        toTable={(data) => timingsTable(data)}
        chart={(table) => <Lines table={table} colours={TIMING_COLOURS} />}
      />
      <Chart<FailureRates>
        name="failures-release"
        path="failures"
        title={`${translate('dashboard.charts.failures.title')}: ${translate('dashboard.charts.failures.by_release')}`}
        staff={staff}
        toTable={(data) => failuresTable(data.by_release, 'dashboard.columns.release')}
        chart={(table) => <RateBars table={table} colour={OKABE_ITO.vermillion} />}
      />
      <Chart<FailureRates>
        name="failures-model"
        path="failures"
        title={`${translate('dashboard.charts.failures.title')}: ${translate('dashboard.charts.failures.by_model')}`}
        staff={staff}
        toTable={(data) => failuresTable(data.by_model, 'dashboard.columns.model')}
        chart={(table) => <RateBars table={table} colour={OKABE_ITO.purple} />}
      />
      <Chart<AgentsOverTime>
        name="agents"
        path="agents"
        title={translate('dashboard.charts.agents.title')}
        staff={staff}
        toTable={agentsTable}
        chart={(table) => <Lines table={table} colours={AGENT_COLOURS} />}
      />
      {admin && (
        <Chart<LicensesPerWeek>
          name="licenses"
          path="licenses"
          title={translate('dashboard.charts.licenses.title')}
          staff={staff}
          toTable={licensesTable}
          chart={(table) => <StackedBars table={table} />}
        />
      )}
      {admin && (
        <Chart<ActivePartners>
          name="partners"
          path="partners"
          title={translate('dashboard.charts.partners.title')}
          staff={staff}
          toTable={partnersTable}
          chart={(table) => <BigNumber table={table} />}
        />
      )}
    </>
  );
};

/** A partner's charts: its own builds, failed builds, queue wait and licenses (the server answers no other). */
export const OwnCharts = () => {
  const translate = useTranslate();
  const staff = false;
  return (
    <>
      <Chart<BuildsPerBucket>
        name="builds"
        path="builds"
        title={translate('dashboard.charts.builds.own_title')}
        staff={staff}
        toTable={buildsTable}
        chart={(table) => <StackedBars table={table} colours={STATUS_COLOURS} />}
      />
      <Chart<FailedBuilds>
        name="failed-builds"
        path="failed-builds"
        title={translate('dashboard.charts.failed_builds.title')}
        staff={staff}
        toTable={failedBuildsTable}
        ranged={false}
      />
      <Chart<Timings>
        name="timings"
        path="timings"
        title={translate('dashboard.charts.timings.own_title')}
        staff={staff}
        toTable={(data) => timingsTable(data, true)}
        chart={(table) => <Lines table={table} colours={TIMING_COLOURS} />}
      />
      <Chart<LicensesPerWeek>
        name="licenses"
        path="licenses"
        title={translate('dashboard.charts.licenses.own_title')}
        staff={staff}
        toTable={licensesTable}
        chart={(table) => <StackedBars table={table} />}
      />
    </>
  );
};
