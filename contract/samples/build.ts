// Sample API objects for tests, the server's and the SPA's alike: plain data typed by the contract.
import type { Build } from '../schemas/build-schemas';

/** How the API shows a build just queued: pending, no progress yet, not removed, not upgrading, no warranty. */
export const justQueued = {
  status: 'pending',
  progress: 0,
  is_removed: false,
  is_updating: false,
  warranty: false,
} as const satisfies Partial<Build>;
