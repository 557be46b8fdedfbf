import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import type { DashboardRange } from '../../contract/dashboard';
import { errorResponses } from '../../contract/schemas/common-schemas';
import {
  ActivePartnersSchema,
  AgentsOverTimeSchema,
  BuildsPerBucketSchema,
  DashboardQuerySchema,
  FailedBuildsSchema,
  FailureRatesSchema,
  LicensesPerWeekSchema,
  TimingsSchema,
} from '../../contract/schemas/dashboard-schemas';
import type { Db } from '../platform/db/client';
import {
  activePartners,
  agentsOverTime,
  buildsPerBucket,
  failureRates,
  lastFailedBuilds,
  licensesPerWeek,
  type Scope,
  timings,
} from './dashboard-repository';

type Chart = {
  path: string;
  summary: string;
  schema: TSchema;
  read: (db: Db, range: DashboardRange, scope: Scope) => unknown;
  /** Admins only: what the analytics route keeps from developers (licenses issued, partners). */
  adminOnly?: boolean;
};

/** The admins' dashboard (developers' without licenses and partners): everyone's builds, in aggregates only. */
const STAFF_CHARTS: Chart[] = [
  {
    path: 'builds',
    summary: 'Builds per hour or day by status',
    schema: BuildsPerBucketSchema,
    read: buildsPerBucket,
  },
  {
    path: 'timings',
    summary: 'Queue wait and build duration, p50 and p95',
    schema: TimingsSchema,
    read: timings,
  },
  {
    path: 'failures',
    summary: 'Failure rate by release and by model, top 10',
    schema: FailureRatesSchema,
    read: failureRates,
  },
  {
    path: 'agents',
    summary: 'Agents online and busy over time',
    schema: AgentsOverTimeSchema,
    read: agentsOverTime,
  },
  {
    path: 'licenses',
    summary: 'Licenses issued per week and region',
    schema: LicensesPerWeekSchema,
    read: licensesPerWeek,
    adminOnly: true,
  },
  {
    path: 'partners',
    summary: 'Partners active within the range, of all',
    schema: ActivePartnersSchema,
    read: activePartners,
    adminOnly: true,
  },
];

/** A partner's dashboard: the caller's own builds only, whoever asks. */
const OWN_CHARTS: Chart[] = [
  {
    path: 'builds',
    summary: 'My builds per hour or day by status',
    schema: BuildsPerBucketSchema,
    read: buildsPerBucket,
  },
  {
    path: 'timings',
    summary: "My builds' queue wait and duration, p50 and p95",
    schema: TimingsSchema,
    read: timings,
  },
  {
    path: 'licenses',
    summary: 'Licenses my builds were issued, per week and region',
    schema: LicensesPerWeekSchema,
    read: licensesPerWeek,
  },
];

/** Issue 42: the dashboards' charts, one route each (each chart has its own range). */
const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const chart of STAFF_CHARTS) {
    app.get(
      `/admin/dashboard/${chart.path}`,
      {
        preHandler: chart.adminOnly ? app.requireAdmin : app.requireAdminOrDeveloper,
        schema: {
          tags: ['dashboard'],
          summary: chart.summary,
          querystring: DashboardQuerySchema,
          response: { 200: chart.schema, ...errorResponses(401, 403, 422) },
        },
      },
      async (request) => chart.read(app.db, request.query.range, {}),
    );
  }
  for (const chart of OWN_CHARTS) {
    app.get(
      `/client/dashboard/${chart.path}`,
      {
        schema: {
          tags: ['dashboard'],
          summary: chart.summary,
          querystring: DashboardQuerySchema,
          response: { 200: chart.schema, ...errorResponses(401, 422) },
        },
      },
      async (request) => chart.read(app.db, request.query.range, { accountId: request.account.id }),
    );
  }
  app.get(
    '/client/dashboard/failed-builds',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'My last failed builds, each with its first error line',
        response: { 200: FailedBuildsSchema, ...errorResponses(401) },
      },
    },
    async (request) => lastFailedBuilds(app.db, request.account.id),
  );
};

export default dashboardRoutes;
