import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { COINS } from '../../../contract/constants';
import type { WebhookEvent } from '../../../contract/schemas/webhook-schemas';
import { BUILD_OPTION_TYPES, BUILD_STATUSES, RELEASE_STAGES } from '../../../contract/statuses';

export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    // Always stored lowercase (see accounts-repository), so the unique index is case-insensitive in practice.
    email: text('email').notNull().unique(),
    password_hash: text('password_hash').notNull(),
    worker: text('worker').notNull().default(''),
    language: text('language', { enum: ['en', 'ru'] })
      .notNull()
      .default('en'),
    send_email: boolean('send_email').notNull().default(false),
    // Issue 37: e-mails when the account's builds end, each opted into apart (server/builds/mail/).
    notify_build_done: boolean('notify_build_done').notNull().default(false),
    notify_build_failed: boolean('notify_build_failed').notNull().default(false),
    is_blocked: boolean('is_blocked').notNull().default(false),
    is_admin: boolean('is_admin').notNull().default(false),
    is_developer: boolean('is_developer').notNull().default(false),
    is_tester: boolean('is_tester').notNull().default(false),
    // Accounts and partners (issue 6): a VIP partner (the list's by_vip filter), the tester's own beta-testing
    // switch, and a removed partner (soft delete: also blocked, hidden from the partners list).
    is_vip: boolean('is_vip').notNull().default(false),
    beta_testing: boolean('beta_testing').notNull().default(false),
    is_removed: boolean('is_removed').notNull().default(false),
    // Issue 36: the builds a partner may have waiting in the queue and may queue in an hour, as an admin set
    // them; null takes the default (contract/constants.ts). Admins' own builds are not limited.
    max_queued_builds: integer('max_queued_builds'),
    max_builds_per_hour: integer('max_builds_per_hour'),
    // Bumped on password change or blocking: tokens carrying an older version stop working.
    token_version: integer('token_version').notNull().default(0),
    last_active: timestamp('last_active', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('accounts_language_check', sql`${t.language} in ('en', 'ru')`),
    check('accounts_max_queued_builds_check', sql`${t.max_queued_builds} > 0`),
    check('accounts_max_builds_per_hour_check', sql`${t.max_builds_per_hour} > 0`),
  ],
);

export const series = pgTable('series', {
  name: text('name').primaryKey(),
  is_blocked: boolean('is_blocked').notNull().default(false),
  // The coin its miners mine (issue 37): the build form offers only the pool presets of this coin.
  coin: text('coin', { enum: COINS }).notNull().default('BTC'),
});

export const partnerFees = pgTable(
  'partner_fees',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    series: text('series')
      .notNull()
      .references(() => series.name, { onUpdate: 'cascade' }),
    min_dev_fee: numeric('min_dev_fee', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    min_total_fee: numeric('min_total_fee', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  },
  (t) => [
    unique('partner_fees_user_series_unique').on(t.user_id, t.series),
    check('partner_fees_min_dev_fee_range', sql`${t.min_dev_fee} between 0 and 100`),
    check('partner_fees_min_total_fee_range', sql`${t.min_total_fee} between 0 and 100`),
  ],
);

export const models = pgTable('models', {
  name: text('name').primaryKey(),
  series: text('series')
    .notNull()
    .references(() => series.name, { onUpdate: 'cascade' }),
  is_blocked: boolean('is_blocked').notNull().default(false),
});

export const platforms = pgTable('platforms', {
  name: text('name').primaryKey(),
  description: text('description').notNull().default(''),
});

export const installTypes = pgTable('install_types', {
  name: text('name').primaryKey(),
});

export const modelPlatformInstallTypes = pgTable(
  'model_platform_install_types',
  {
    model: text('model')
      .notNull()
      .references(() => models.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
    platform: text('platform')
      .notNull()
      .references(() => platforms.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
    install_type: text('install_type')
      .notNull()
      .references(() => installTypes.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.model, t.platform, t.install_type] })],
);

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
});

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
export type PartnerFeeRow = typeof partnerFees.$inferSelect;

// ── Releases (issue 3): languages, release sources (git repositories per series), releases ──────────────

export const languages = pgTable('languages', {
  name: text('name').primaryKey(),
});

/** A git repository releases are built from, listed live with `git ls-remote`; registered by an admin. */
export const repositories = pgTable('repositories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  url: text('url').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which repositories make up a series' firmware: a release names one tag in each. */
export const seriesRepositories = pgTable(
  'series_repositories',
  {
    series: text('series')
      .notNull()
      .references(() => series.name, { onUpdate: 'cascade', onDelete: 'cascade' }),
    repository_id: integer('repository_id')
      .notNull()
      .references(() => repositories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.series, t.repository_id] })],
);

export const releases = pgTable(
  'releases',
  {
    id: serial('id').primaryKey(),
    series: text('series')
      .notNull()
      .references(() => series.name, { onUpdate: 'cascade' }),
    version: text('version').notNull(),
    stage: text('stage', { enum: RELEASE_STAGES }).notNull(),
    stage_number: integer('stage_number').notNull().default(0),
    parent: integer('parent').references((): AnyPgColumn => releases.id),
    is_draft: boolean('is_draft').notNull().default(true),
    is_public: boolean('is_public').notNull().default(false),
    is_removed: boolean('is_removed').notNull().default(false),
    user_id: integer('user_id').references(() => accounts.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // A deploy is a recorded request: build agents (their own issue) pick up releases whose request is newer
    // than what they hold, fetch the tags and report back in the agent's releases list.
    deploy_requested_at: timestamp('deploy_requested_at', { withTimezone: true }),
  },
  (t) => [
    check('releases_stage_check', sql`${t.stage} in ('dev', 'alpha', 'beta', 'rc', 'prerelease', 'stable')`),
    check('releases_stage_number_check', sql`${t.stage_number} >= 0`),
    // Spec §5: a version is unique per series and stage; removed releases free it again.
    uniqueIndex('releases_series_stage_version_unique')
      .on(t.series, t.stage, t.version)
      .where(sql`is_removed = false`),
    index('releases_parent_idx').on(t.parent),
  ],
);

/** One tag (or branch) per repository of the release's series. The name is kept even if the repository goes. */
export const releaseTags = pgTable(
  'release_tags',
  {
    release_id: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    repository_name: text('repository_name').notNull(),
    tag_name: text('tag_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.release_id, t.repository_name] })],
);

export const releaseDescriptions = pgTable(
  'release_descriptions',
  {
    release_id: integer('release_id')
      .notNull()
      .references(() => releases.id, { onDelete: 'cascade' }),
    language: text('language')
      .notNull()
      .references(() => languages.name, { onUpdate: 'cascade' }),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.release_id, t.language] })],
);

export type RepositoryRow = typeof repositories.$inferSelect;
export type ReleaseRow = typeof releases.$inferSelect;
export type NewReleaseRow = typeof releases.$inferInsert;

// ── Accounts and partners (issue 6): e-mail tokens, logos, SSH keys, licenses ───────────────────────────────

/** Single-use links sent by e-mail; only the sha256 of the token is stored. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['reset_password', 'change_email'] }).notNull(),
    token_hash: text('token_hash').notNull().unique(),
    // The address a change_email token confirms.
    new_email: text('new_email'),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('email_tokens_purpose_check', sql`${t.purpose} in ('reset_password', 'change_email')`),
    index('email_tokens_account_idx').on(t.account_id, t.purpose),
  ],
);

/**
 * A logo set: a light-theme (le) and a dark-theme (de) image, files in the logo store. Id 1 is the general
 * logo (spec §9), owned by nobody and seeded; the identity starts at 2 so that id stays free for it.
 */
export const logos = pgTable(
  'logos',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity({ startWith: 2 }),
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    le_file: text('le_file').notNull(),
    le_type: text('le_type').notNull(),
    de_file: text('de_file').notNull(),
    de_type: text('de_type').notNull(),
    // The id in the images' public URLs (/api/logos/{public_id}/le): random, so that a logo cannot be found
    // by counting; the sequential id stays the API's name for the set.
    public_id: uuid('public_id').notNull().unique().defaultRandom(),
    is_default: boolean('is_default').notNull().default(false),
    // Removed sets leave the account's list but keep their files: builds made with them can be rebuilt.
    is_removed: boolean('is_removed').notNull().default(false),
    // Uploaded by the build or set form for that build alone (issue 37): labelled so in the account's list,
    // and not offered as one of the account's saved sets.
    for_build: boolean('for_build').notNull().default(false),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('logos_account_idx').on(t.account_id),
    uniqueIndex('logos_one_default_per_account').on(t.account_id).where(sql`is_default`),
  ],
);

export const sshKeys = pgTable(
  'ssh_keys',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: text('key').notNull(),
    // OpenSSH's SHA256 fingerprint of the key blob: the same key with another comment is still a duplicate.
    fingerprint: text('fingerprint').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ssh_keys_account_name_unique').on(t.account_id, t.name),
    unique('ssh_keys_account_fingerprint_unique').on(t.account_id, t.fingerprint),
  ],
);

/**
 * Issue 38: API tokens, for an account's scripts and CI. Only the SHA-256 of the token is kept (see
 * accounts/api-tokens/api-token-secret.ts for why a plain hash is enough); revoked, a row stays for the list and
 * the audit log. Blocking or removing the account revokes its tokens; a password change does not.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: text('scope', { enum: ['read', 'build'] }).notNull(),
    token_hash: text('token_hash').notNull().unique(),
    hint: text('hint').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    check('api_tokens_scope_check', sql`${t.scope} in ('read', 'build')`),
    index('api_tokens_account_idx').on(t.account_id, t.id),
  ],
);

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/**
 * Issue 38: each API token's request count in its current rate-limit window, one row per token, shared by every
 * instance on the database (one upsert per request: a new window starts the count again at 1).
 */
export const apiTokenRates = pgTable('api_token_rates', {
  token_id: integer('token_id')
    .primaryKey()
    .references(() => apiTokens.id, { onDelete: 'cascade' }),
  window_start: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const licenses = pgTable('licenses', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  region: text('region').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Issue 17: a license is issued when a build carrying it completes, and stays issued whatever happens to the
 * build or its set afterwards (a cancel, a rebuild, a removal). One row per build and license; the count per
 * license is the admin's "licenses issued". No reference to builds: the row outlives the build.
 */
export const licenseIssues = pgTable(
  'license_issues',
  {
    build_id: integer('build_id').notNull(),
    license_id: integer('license_id')
      .notNull()
      .references(() => licenses.id, { onDelete: 'cascade' }),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.build_id, t.license_id] }),
    index('license_issues_license_idx').on(t.license_id),
    // Issue 42: the dashboards' licenses issued per week, read from the index alone.
    index('license_issues_issued_idx').on(t.issued_at, t.license_id, t.build_id),
  ],
);

export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type LogoRow = typeof logos.$inferSelect;
export type SshKeyRow = typeof sshKeys.$inferSelect;
export type LicenseRow = typeof licenses.$inferSelect;

// ── Sets and builds (issue 4): firmware sets, builds (each one a build job), pool presets, build options ────

/** What a set's builds are, as its row keeps them (see recountSet). */
export interface SetBuildsSummary {
  /** Each model the set has ever built (removed builds too, so 'missing models' can offer them again) with
   * the release of its newest build, by model. */
  built: [model: string, releaseId: number][];
  /** Of its builds that are not removed (issue 37): platforms, install types, main (DevFee) pools' workers. */
  platforms: string[];
  install_types: string[];
  main_workers: string[];
  /** Of its builds that are not removed: the oldest release per series and stage class, which tells whether an
   * upgrade would move any of them (see upgradableFloors). */
  floors: [series: string, stageClass: string, releaseId: number][];
}

/**
 * A firmware set (spec's "group"). The counters and the builds' summary are kept by the builds repository in the
 * same transaction as every build write (see recountSet), so listing sets never aggregates builds.
 */
export const buildSets = pgTable(
  'firmware_groups',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    logo_id: integer('logo_id')
      .notNull()
      .default(1)
      .references(() => logos.id),
    is_favorite: boolean('is_favorite').notNull().default(false),
    is_removed: boolean('is_removed').notNull().default(false),
    ssh_keys: integer('ssh_keys').array().notNull().default(sql`'{}'::integer[]`),
    // The public links page finds the set by this, never by its id.
    link_uuid: uuid('link_uuid').notNull().unique().defaultRandom(),
    // The owner turned the public link off (issue 37): it answers 404 until turned on again.
    link_enabled: boolean('link_enabled').notNull().default(true),
    count_firmwares: integer('count_firmwares').notNull().default(0),
    count_pending: integer('count_pending').notNull().default(0),
    count_in_progress: integer('count_in_progress').notNull().default(0),
    count_failed: integer('count_failed').notNull().default(0),
    count_removed_firmwares: integer('count_removed_firmwares').notNull().default(0),
    // What its builds are (issue 42), kept with the counters by recountSet: a page of sets reads no builds.
    builds_summary: jsonb('builds_summary')
      .$type<SetBuildsSummary>()
      .notNull()
      .default(sql`'{"built":[],"platforms":[],"install_types":[],"main_workers":[],"floors":[]}'::jsonb`),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('firmware_groups_user_removed_id_idx').on(t.user_id, t.is_removed, t.id),
    // A name is unique per account among sets that are not removed, whatever its case.
    uniqueIndex('firmware_groups_user_name_unique')
      .on(t.user_id, sql`lower(${t.name})`)
      .where(sql`is_removed = false`),
  ],
);

/**
 * A firmware build, which is also its build job: an agent (its own issue) claims a pending row and needs
 * nothing but `job_spec`, resolved when the build is submitted, rebuilt or upgraded.
 */
export const builds = pgTable(
  'builds',
  {
    id: serial('id').primaryKey(),
    group_id: integer('group_id')
      .notNull()
      .references(() => buildSets.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    model: text('model')
      .notNull()
      .references(() => models.name, { onUpdate: 'cascade' }),
    series: text('series').notNull(),
    platform: text('platform').notNull(),
    install_type: text('install_type').notNull(),
    release_id: integer('release_id')
      .notNull()
      .references(() => releases.id),
    release_version: text('release_version').notNull(),
    stage: text('stage', { enum: RELEASE_STAGES }).notNull(),
    license_id: integer('license_id').references(() => licenses.id, { onDelete: 'set null' }),
    add_license: boolean('add_license').notNull().default(true),
    status: text('status', { enum: BUILD_STATUSES }).notNull().default('pending'),
    progress: integer('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    is_removed: boolean('is_removed').notNull().default(false),
    // Spec's "update flag": a rebuild or an upgrade is waiting to be built.
    is_updating: boolean('is_updating').notNull().default(false),
    warranty: boolean('warranty').notNull().default(false),
    ssh_keys: integer('ssh_keys').array().notNull().default(sql`'{}'::integer[]`),
    logo_id: integer('logo_id')
      .notNull()
      .default(1)
      .references(() => logos.id),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    options: jsonb('options').$type<Record<string, unknown>>().notNull().default({}),
    fee_pools_configs: jsonb('fee_pools_configs').$type<PoolConfigEntry[]>().notNull().default([]),
    job_spec: jsonb('job_spec').$type<Record<string, unknown>>().notNull(),
    file_size: bigint('file_size', { mode: 'number' }),
    sha256: text('sha256'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // ── Build agents (issue 5): the job's place in the queue, its lease and the task's own state. ──
    // Queue order; a rebuild or upgrade sets it again (see server/queue/enqueue.ts).
    queued_at: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    worker_id: integer('worker_id').references((): AnyPgColumn => buildAgents.id, { onDelete: 'set null' }),
    // The holder must call again before this, or the job goes back to the queue (attempts counted).
    lease_until: timestamp('lease_until', { withTimezone: true }),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    // A cancel the agent has not acted on yet: it learns it from its next events answer.
    cancel_requested: boolean('cancel_requested').notNull().default(false),
    // Removed from the task list ('remove tasks'); the build itself stays.
    task_hidden: boolean('task_hidden').notNull().default(false),
    // Issue 16: the configuration hash (contract/config-hash.ts); a done build's artifact serves its equals.
    config_hash: text('config_hash'),
    // Issue 17: the build's current run (1 on submit, one more at each rebuild, edit or upgrade); its record is
    // in build_runs and its log lines carry it.
    run: integer('run').notNull().default(1),
    // Issue 17: removed together with its set (not before it), so restoring the set brings it back.
    removed_with_set: boolean('removed_with_set').notNull().default(false),
  },
  (t) => [
    check(
      'builds_status_check',
      sql`${t.status} in ('pending', 'in_progress', 'done', 'failed', 'cancelled')`,
    ),
    check('builds_progress_check', sql`${t.progress} between 0 and 100`),
    index('builds_group_idx').on(t.group_id),
    index('builds_user_status_idx').on(t.user_id, t.status),
    // Build agents (issue 5): the claim and queue positions, the lease sweep, task lists and counters.
    index('builds_queue_idx').on(t.queued_at, t.id).where(sql`status = 'pending' and is_removed = false`),
    // Issue 36: the fair claim reads each account's first pending builds (server/queue/fair-order.ts).
    index('builds_queue_user_idx')
      .on(t.user_id, t.queued_at, t.id)
      .where(sql`status = 'pending' and is_removed = false`),
    index('builds_lease_idx').on(t.lease_until).where(sql`status = 'in_progress'`),
    index('builds_tasks_user_idx')
      .on(t.user_id, t.queued_at, t.id)
      .where(sql`task_hidden = false and is_removed = false`),
    index('builds_tasks_idx').on(t.queued_at, t.id).where(sql`task_hidden = false and is_removed = false`),
    index('builds_tasks_status_idx')
      .on(t.status, t.user_id)
      .where(sql`task_hidden = false and is_removed = false`),
    // Issue 16: a submit looks for a done, not removed build of the same configuration.
    index('builds_config_hash_idx').on(t.config_hash).where(sql`status = 'done' and is_removed = false`),
    // Issue 16: artifacts are stored once per sha256 and kept while a build refers to them.
    index('builds_sha256_idx').on(t.sha256),
    // Issue 42: the dashboards' aggregates over a range of queue times, read from the index alone (the
    // columns they group and measure ride along as keys: drizzle has no INCLUDE).
    index('builds_dashboard_idx').on(
      t.queued_at,
      t.status,
      t.started_at,
      t.finished_at,
      t.model,
      t.release_version,
    ),
    index('builds_dashboard_user_idx').on(t.user_id, t.queued_at, t.status, t.started_at, t.finished_at),
    // The forecast's medians: each series' last builds an agent ran, newest first (server/builds/eta/eta.ts).
    index('builds_recent_done_idx')
      .on(t.series, t.finished_at.desc())
      .where(sql`status = 'done' and attempts > 0 and started_at is not null`),
  ],
);

/** Spec §3: a pool config entry, stored as given (fee and fake_fee are percents). */
export interface PoolConfigEntry {
  alias: string;
  url: string;
  account: string;
  worker: string;
  fee: number;
  fake_fee: number | null;
  hidden: boolean;
  type_fee_pool: 'fee' | 'devfee' | 'refund';
}

/** Well-known pools the build form offers (GET /client/pool-url). */
export const poolPresets = pgTable('pool_presets', {
  id: serial('id').primaryKey(),
  pool: text('pool').notNull(),
  url: text('url').notNull().unique(),
  // Offered only for the series that mine this coin (issue 37).
  coin: text('coin', { enum: COINS }).notNull().default('BTC'),
});

/** Options a build can carry; admins choose values, everyone else gets the defaults. */
export const buildOptions = pgTable(
  'build_options',
  {
    name: text('name').primaryKey(),
    type: text('type', { enum: BUILD_OPTION_TYPES }).notNull(),
    default_value: jsonb('default_value').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull().default(0),
  },
  (t) => [check('build_options_type_check', sql`${t.type} in ('bool', 'str', 'list')`)],
);

export type BuildSetRow = typeof buildSets.$inferSelect;
export type BuildRow = typeof builds.$inferSelect;
export type NewBuildRow = typeof builds.$inferInsert;
export type BuildOptionRow = typeof buildOptions.$inferSelect;

// ── Build agents (issue 5): workers (agents) and the events of build jobs ─────────────────────────────────

/** A build agent. Only the sha256 of its token is stored; the first 8 characters are kept to tell tokens apart. */
export const buildAgents = pgTable('workers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  token_hash: text('token_hash').notNull().unique(),
  token_prefix: text('token_prefix').notNull(),
  is_blocked: boolean('is_blocked').notNull().default(false),
  // What the agent reported in its last heartbeat: the deployed releases and the sources it holds.
  releases: integer('releases').array().notNull().default(sql`'{}'::integer[]`),
  sources: jsonb('sources').$type<{ repository: string; tags: string[] }[]>().notNull().default([]),
  last_contact: timestamp('last_contact', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Log lines and progress of build jobs, in one sequence per database (`id`, the `seq` clients see). An agent's
 * event is stored once per (build, attempt, its own seq), so a retried batch doubles nothing; the server's own
 * lines (lease expired, failure reasons) have no agent seq.
 */
export const buildEvents = pgTable(
  'build_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    build_id: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    // Issue 17: the build's run the line belongs to; older runs' logs stay readable.
    run: integer('run').notNull().default(1),
    attempt: integer('attempt').notNull(),
    agent_seq: integer('agent_seq'),
    type: text('type', { enum: ['log', 'progress'] }).notNull(),
    data: text('data').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('build_events_type_check', sql`${t.type} in ('log', 'progress')`),
    uniqueIndex('build_events_agent_seq_unique').on(t.build_id, t.run, t.attempt, t.agent_seq),
    index('build_events_build_idx').on(t.build_id, t.run, t.id),
  ],
);

/**
 * Issue 17: every run of a build, kept (a rebuild starts a new one): the release and the commits it was built
 * from, the agent (its name copied, so deleting the agent leaves it), times, status and artifact digest. Written
 * only by the build queue (server/queue/build-runs.ts), which copies the build's state into its current run.
 */
export const buildRuns = pgTable(
  'build_runs',
  {
    build_id: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    run: integer('run').notNull(),
    release_id: integer('release_id').references(() => releases.id, { onDelete: 'set null' }),
    release_version: text('release_version').notNull(),
    commits: jsonb('commits')
      .$type<{ repository: string; tag: string; commit: string | null }[]>()
      .notNull()
      .default([]),
    agent_id: integer('agent_id').references((): AnyPgColumn => buildAgents.id, { onDelete: 'set null' }),
    agent_name: text('agent_name'),
    status: text('status', { enum: BUILD_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    queued_at: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    started_at: timestamp('started_at', { withTimezone: true }),
    finished_at: timestamp('finished_at', { withTimezone: true }),
    sha256: text('sha256'),
    file_size: bigint('file_size', { mode: 'number' }),
  },
  (t) => [
    primaryKey({ columns: [t.build_id, t.run] }),
    // Issue 36: a partner's builds queued in the last hour (server/queue/queue-limits.ts).
    index('build_runs_queued_idx').on(t.queued_at),
    // Issue 37: an old run's file is kept (and served) while the run is within the retention.
    index('build_runs_sha256_idx').on(t.sha256),
    // Issue 42: the agents busy over time, read from the index alone.
    index('build_runs_agents_idx').on(t.queued_at, t.agent_id, t.started_at, t.finished_at),
    // Issue 42: the runs still building (the agents chart's busy hours up to now; the finished ones are in
    // dashboard_rollup, migration 0031).
    index('build_runs_running_idx')
      .on(t.agent_id, t.started_at)
      .where(sql`${t.finished_at} is null and ${t.started_at} is not null and ${t.agent_id} is not null`),
    check(
      'build_runs_status_check',
      sql`${t.status} in ('pending', 'in_progress', 'done', 'failed', 'cancelled')`,
    ),
  ],
);

export type BuildRunRow = typeof buildRuns.$inferSelect;

/**
 * Issue 42: the hours each agent called in (one row per agent and hour, written by its first call of the hour),
 * so the dashboard can draw the agents online over time; agents keep only their last contact.
 */
export const agentPresence = pgTable(
  'agent_presence',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    agent_id: integer('agent_id')
      .notNull()
      .references(() => buildAgents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.hour, t.agent_id] })],
);
/**
 * Issue 42: the staff dashboards' rollup of the builds, kept by a statement trigger on `builds` (migration 0029,
 * function `dashboard_rollup_apply`) in the same transaction as every insert, update and delete of a build, so
 * it cannot drift from the builds. Per UTC hour of the builds' queue time: `kind` 'status' (key: the status),
 * 'ended_model' and 'failed_model' (key: the model), 'ended_release' and 'failed_release' (key: the release),
 * 'wait' and 'duration' (key: the histogram bin of the seconds, `dashboard_bin` in the migration); `n` builds.
 * Migration 0031 adds, kept by triggers on build_runs and license_issues: 'agent_busy' (key: the agent's id; `n`
 * finished runs of it overlapping the hour) and 'license' (key: the license's id; `n` issued in the hour).
 */
export const dashboardRollup = pgTable(
  'dashboard_rollup',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.hour, t.key] })],
);
export type AgentRow = typeof buildAgents.$inferSelect;
export type BuildEventRow = typeof buildEvents.$inferSelect;

/**
 * Attempts in fixed windows, per key (an address, an e-mail from an address, an account's failed sign-ins, the
 * mails sent for an account). Kept in the database so every API instance counts the same attempts.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  window_ends_at: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  /** Set by the per-account back-off: no attempt is taken for the key before then. */
  blocked_until: timestamp('blocked_until', { withTimezone: true }),
});

/**
 * Answers of creating POSTs by `Idempotency-Key` (issue 15): a repeat of the same request with the same key
 * within 24 h answers the first result instead of creating again. `status` is null while the first is running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    request: text('request').notNull(),
    status: integer('status'),
    body: text('body'),
    /** The first answer's Location header (issue 38): a replay of a 201 names the same thing it made. */
    location: text('location'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.account_id, t.key] }),
    index('idempotency_keys_created_idx').on(t.created_at),
  ],
);

// ── Build integrity (issue 16): the Ed25519 keys attestations are signed with, and the attestations ───────

/**
 * Every public key the console has signed with, so that attestations signed before a rotation still verify.
 * The private key of the current one is the `signing_key` setting (or SIGNING_KEY); it is never stored here.
 */
export const signingKeys = pgTable('signing_keys', {
  key_id: text('key_id').primaryKey(),
  public_key: text('public_key').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A build run's signed attestation, made when its artifact was accepted. Issue 37: one per run, so that a
 * rebuild leaves the earlier run's file verifiable while that run is kept (server/builds/runs/kept-runs.ts).
 */
export const buildAttestations = pgTable(
  'build_attestations',
  {
    build_id: integer('build_id')
      .notNull()
      .references(() => builds.id, { onDelete: 'cascade' }),
    run: integer('run').notNull().default(1),
    sha256: text('sha256').notNull(),
    payload: text('payload').notNull(),
    signature: text('signature').notNull(),
    key_id: text('key_id').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.build_id, t.run] }),
    // Issue 37: the verifier finds a file's attestation by its digest.
    index('build_attestations_sha256_idx').on(t.sha256),
  ],
);

/**
 * What the mail outbox sends (issue 43: every mail of the console): release e-mails (issue 15), the account's
 * own mails (a reset link, an e-mail change's link, the note to an address's owner, the notice to the old
 * address) and build notifications (issue 37).
 */
/**
 * Issue 38: an account's webhook endpoints. The secret signs every delivery (Standard Webhooks), so it is kept
 * as it is (a hash could not sign); it is shown to the owner once. Disabled by the sender after too many
 * failures in a row (disabled_reason says so), or by the owner.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: serial('id').primaryKey(),
    account_id: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<WebhookEvent[]>().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabled_reason: text('disabled_reason'),
    // Failed attempts since the last delivered one.
    failures: integer('failures').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_account_idx').on(t.account_id, t.id)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * Issue 38: the webhooks' outbox, drained by server/webhooks/webhook-sender.ts as the mail outbox is (claimed
 * with SKIP LOCKED and a lease, so that several instances never send a row twice, and a restart loses none).
 * One row per endpoint and event (`event_key`, unique): an event is never queued twice; "send again" makes the
 * same row due again, with the same webhook-id, so a receiver can tell it is a repeat.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    // The webhook-id header: msg_ and a random id.
    message_id: text('message_id').notNull(),
    event_type: text('event_type').notNull(),
    event_key: text('event_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    send_after: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    locked_until: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    // The endpoint's answer to the last attempt (null: no answer: refused, timed out, address not allowed).
    response_status: integer('response_status'),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // When the current round of attempts began: its first, or "send again"; retries stop a day after it.
    retry_from: timestamp('retry_from', { withTimezone: true }).notNull().defaultNow(),
    attempted_at: timestamp('attempted_at', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    check('webhook_deliveries_status_check', sql`${t.status} in ('pending', 'delivered', 'failed')`),
    uniqueIndex('webhook_deliveries_event_unique').on(t.endpoint_id, t.event_key),
    index('webhook_deliveries_due_idx').on(t.send_after, t.id).where(sql`status = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.id),
  ],
);

export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

export const MAIL_KINDS = [
  'release',
  'reset_password',
  'change_email',
  'address_taken',
  'email_changed',
  'build_done',
  'build_failed',
  // Issue 38: an endpoint that kept failing was disabled; its owner is told.
  'webhook_disabled',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * E-mails waiting to be sent, drained by server/platform/mail/outbox-sender.ts. A row is what to send, not the
 * message: it is rendered at send time, when the release's visibility, the account's preference and state are
 * checked again, and an e-mailed link's token is made then (so no secret waits in this table). A sender claims
 * due rows with a lease (SKIP LOCKED), so a restart or an SMTP outage loses nothing and a row is marked sent once.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: MAIL_KINDS }).notNull(),
    // The account the mail is about; null for a reset asked for an address no account may have (the request
    // does the same work either way, issue 12; the row is dropped at send time).
    account_id: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    // The address when it is not the account's own: a reset's (as asked), an e-mail change's new address, the
    // old address told of a change.
    to_email: text('to_email'),
    release_id: integer('release_id').references(() => releases.id, { onDelete: 'cascade' }),
    // A build notification: the build and the run that ended (one mail per run and account).
    build_id: integer('build_id').references(() => builds.id, { onDelete: 'cascade' }),
    run: integer('run'),
    // A webhook_disabled mail: the endpoint it is about.
    webhook_id: integer('webhook_id').references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    // pending → sent, or dropped (no longer to be sent: release gone, account opted out), or failed (gave up).
    status: text('status', { enum: ['pending', 'sent', 'dropped', 'failed'] })
      .notNull()
      .default('pending'),
    send_after: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    // A sender holds the row until then; after it, the row is free again (the sender died).
    locked_until: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'mail_outbox_kind_check',
      sql`${t.kind} in ('release', 'reset_password', 'change_email', 'address_taken', 'email_changed', 'build_done', 'build_failed', 'webhook_disabled')`,
    ),
    check('mail_outbox_status_check', sql`${t.status} in ('pending', 'sent', 'dropped', 'failed')`),
    check('mail_outbox_account_check', sql`${t.account_id} is not null or ${t.kind} = 'reset_password'`),
    check(
      'mail_outbox_to_email_check',
      sql`${t.to_email} is not null or ${t.kind} not in ('reset_password', 'change_email', 'email_changed')`,
    ),
    uniqueIndex('mail_outbox_release_account_unique').on(t.kind, t.release_id, t.account_id),
    uniqueIndex('mail_outbox_build_run_unique').on(t.build_id, t.run, t.account_id),
    index('mail_outbox_due_idx').on(t.send_after, t.id).where(sql`status = 'pending'`),
    index('mail_outbox_account_idx').on(t.account_id),
    index('mail_outbox_to_email_idx').on(t.to_email, t.id).where(sql`to_email is not null`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;

/**
 * The admins' audit log (issue 17): who changed what, with the object's state before and after. A row is
 * written by server/audit/audit-log.ts in the same transaction as the change it records, so a change that
 * rolls back leaves no row and a row never describes a change that did not happen. The actor's e-mail is
 * copied so that the row still reads after the account is removed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actor_id: integer('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    actor_email: text('actor_email').notNull().default(''),
    // A verb of AUDIT_ACTIONS (contract/audit.ts), e.g. release.publish, partner.fees, agent.delete.
    action: text('action').notNull(),
    // What was changed: release, partner, set, agent, series, model, license, …, and its id as text.
    object_type: text('object_type').notNull(),
    object_id: text('object_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at, t.id),
    index('audit_log_actor_idx').on(t.actor_id, t.id),
    index('audit_log_object_idx').on(t.object_type, t.object_id, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
