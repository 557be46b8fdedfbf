// The build form's draft (issue 37, item 2.7): what a partner typed and has not built yet, kept in react-admin's
// store (localStorage) per account and per form (a set's new build, an edit of one build, a missing model's
// preset), until the build is accepted, the form is reset or the draft discarded. It survives a sign-out: the
// store keeps drafts' keys (DRAFTS_PREFIX, layout/store.ts), and only the same account reads them back.
//
// What it holds: the form's values but the logo images picked (files, which storage cannot hold: the draft
// says they were there, the form asks for them again). The form has no password field, and a pool url does not
// take credentials (spec §5); one typed with `user:password@` anyway is kept without them, so nothing secret is
// ever written to the browser's storage.
import { DRAFTS_PREFIX } from '../../../layout/store';
import type { BuildFormValues, PoolSlot } from './types';

/** Bumped when BuildFormValues changes shape: an older draft is then dropped. */
const DRAFT_VERSION = 1;

/** How long after the last change a draft is written. */
export const DRAFT_SAVE_DELAY_MS = 400;

export interface BuildDraft {
  version: number;
  /** When it was last written (ISO). */
  savedAt: string;
  values: BuildFormValues;
  /** Logo images had been picked; they are not kept. */
  hadLogoFiles: boolean;
}

/** The draft's store key: the account's and the form's. */
export const draftKey = (accountId: string | number, formKey: string): string =>
  `${DRAFTS_PREFIX}build.${accountId}.${formKey}`;

/** A url without the `user:password@` part a partner may have typed. */
export const withoutCredentials = (url: string | null): string | null =>
  url === null ? null : url.replace(/^([a-z0-9+.-]+:\/\/)[^@/]*@/i, '$1');

const safePool = (pool: PoolSlot): PoolSlot => ({ ...pool, url: withoutCredentials(pool.url) });

/** What is written for `values`. */
export function toDraft(values: BuildFormValues, now = new Date()): BuildDraft {
  const files = values.customLogoFiles ?? { image_le: null, image_de: null };
  return {
    version: DRAFT_VERSION,
    savedAt: now.toISOString(),
    values: {
      ...values,
      customLogoFiles: { image_le: null, image_de: null },
      devfee_pool_config: safePool(values.devfee_pool_config),
      fee_pools_configs: values.fee_pools_configs.map(safePool),
      refund_pool_config: safePool(values.refund_pool_config),
    },
    hadLogoFiles: Boolean(files.image_le || files.image_de),
  };
}

/**
 * A stored draft, read for the form that starts from `blank`: undefined when there is none, when it is of
 * another version or set, or unreadable. Fields the draft lacks keep the blank's value.
 */
export function fromStored(stored: unknown, blank: BuildFormValues): BuildDraft | undefined {
  const draft = stored as Partial<BuildDraft> | null | undefined;
  if (!draft || draft.version !== DRAFT_VERSION || typeof draft.values !== 'object' || !draft.values) {
    return undefined;
  }
  if (draft.values.group_id !== blank.group_id) return undefined;
  return {
    version: DRAFT_VERSION,
    savedAt: typeof draft.savedAt === 'string' ? draft.savedAt : new Date(0).toISOString(),
    values: { ...blank, ...draft.values, customLogoFiles: { image_le: null, image_de: null } },
    hadLogoFiles: Boolean(draft.hadLogoFiles),
  };
}
