/** The stage ladder of spec §4, lowest first. */
export const RELEASE_STAGES = ['dev', 'alpha', 'beta', 'rc', 'prerelease', 'stable'] as const;
export type ReleaseStage = (typeof RELEASE_STAGES)[number];

/** Spec §1 and §9: series only admins see. */
export const HIDDEN_SERIES = ['x17', 't2t'] as const;

/** Spec §1: the default language; every release must be described in it. */
export const DEFAULT_LANGUAGE = 'en';

/** The languages seeded into the `languages` table. */
export const LANGUAGES = ['en', 'ru'] as const;
