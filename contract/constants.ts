// Business constants and limits (spec §9), for the console, the server and the agent alike. Everything the spec
// fixes as a number or a list is defined here once.

export const API_BASE = '/api';
/** Page size of sets, builds, partners, tasks and partner tasks; the server's x-page-size header says it. */
export const PAGE_SIZE = 20;
export const POLL_INTERVAL_MS = 5000;
export const MODELS_TIMEOUT_MS = 5000;
export const ERROR_TOAST_MS = 15000;
export const RESET_PASSWORD_REDIRECT_MS = 7000;
export const EMAIL_CHANGE_REDIRECT_MS = 3000;

export const FEE_POOL_SLOTS = 5;
/** The DevFee of a pool that leaves it out, and a partner's minimum DevFee and total fee without a fee record. */
export const DEFAULT_DEVFEE = 2;
/** Spec §9: the general logo, owned by nobody and offered to everyone. */
export const GENERAL_LOGO_ID = 1;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 32;
/** Names and workers: at least this many characters. */
export const NAME_MIN_LENGTH = 3;
export const FEE_MIN = 0;
export const FEE_MAX = 100;
export const TOTAL_FEE_MAX = 100;
/** Fees are percents with at most this many decimals. */
export const FEE_DECIMALS = 2;

export const SUPPORTED_SERIES = ['x19', 'x21', 'l9', 'l7'] as const;
/** The series a partner has fee minimums for (spec §2 partner form). */
export const PARTNER_FEE_SERIES = SUPPORTED_SERIES;
export type PartnerFeeSeries = (typeof PARTNER_FEE_SERIES)[number];
/** The coins a series mines (issue 37): a pool preset serves one of them. */
export const COINS = ['BTC', 'LTC'] as const;
export type Coin = (typeof COINS)[number];

/** Series only admins see (spec §1, §6). */
export const HIDDEN_SERIES = ['x17', 't2t'] as const;

export const BADGE_CAPS = { sets: 999, myTasks: 99999, allTasks: 999999, selectedTasks: 99 } as const;
export const PAGE_ICON_MAX = 10;

/** MUI breakpoints in px (spec §9: 640, 768, 992, 1200, 1536, 1920). */
export const BREAKPOINTS = { xs: 0, sm: 640, md: 768, lg: 992, xl: 1200, xxl: 1536, xxxl: 1920 } as const;

export const UI_SCALES = { small: 0.8, default: 1, large: 1.2 } as const;
export const UI_SCALE_STEPS = [UI_SCALES.small, UI_SCALES.default, UI_SCALES.large] as const;

export const DEFAULT_SUBSET = 'stable';
/** The languages of the console, seeded into the `languages` table; every release is described in the default. */
export const SUPPORTED_LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const DEBUG_DEFAULT = false;

/** Logo uploads (issue 6): PNG, JPEG or SVG, at most 2 MiB per image. */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Issue 36: the logo sets an account may keep, removed ones whose files a build still needs included; with
 * LOGO_MAX_BYTES per image, an account's logos take at most 2 × 20 × 2 MiB = 80 MiB of storage.
 */
export const LOGO_SETS_MAX = 20;

/** Issue 37: how long an earlier run's file (and its attestation) is kept after a rebuild, by default. */
export const RUN_RETENTION_DEFAULT_DAYS = 90;
/** The admin setting's bounds (0: an earlier run's file ends at the rebuild). */
export const RUN_RETENTION_MAX_DAYS = 3650;
