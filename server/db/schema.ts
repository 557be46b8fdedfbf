import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

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
    is_blocked: boolean('is_blocked').notNull().default(false),
    is_admin: boolean('is_admin').notNull().default(false),
    is_developer: boolean('is_developer').notNull().default(false),
    is_tester: boolean('is_tester').notNull().default(false),
    // Bumped on password change or blocking: tokens carrying an older version stop working.
    token_version: integer('token_version').notNull().default(0),
    last_active: timestamp('last_active', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('accounts_language_check', sql`${t.language} in ('en', 'ru')`)],
);

export const series = pgTable('series', {
  name: text('name').primaryKey(),
  is_blocked: boolean('is_blocked').notNull().default(false),
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
