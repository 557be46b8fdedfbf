// Spec §5 for releases.
import { type Message, validation } from '../messages';

/** A release edit with no change in it: 'no changes made, nothing to submit'. */
export const releaseChanged = (changed: boolean): Message | undefined =>
  changed ? undefined : validation('no_changes');
