// The SSH keys submit (spec §4): new tiles left empty are skipped (half-filled ones are refused); only existing keys whose name or
// key changed are updated; names and keys must be unique (spec §5). A pure function, so the rules are tested alone.
import { sshKeyErrors } from '../../../contract/rules/account';

export interface SshKey {
  id: number;
  name: string;
  key: string;
}

/** A key as edited in the form; `uid` tells the tiles apart, `id` is set for keys the server already has. */
export interface SshKeyDraft {
  uid: string;
  id?: number;
  name: string;
  key: string;
}

export interface SshKeyUpdate {
  id: number;
  data: Partial<Pick<SshKey, 'name' | 'key'>>;
  previous: SshKey;
}

export interface SshKeysPlan {
  create: Pick<SshKey, 'name' | 'key'>[];
  update: SshKeyUpdate[];
  /** Messages (i18n keys) per draft uid; the plan must not run while there are any. */
  errors: Record<string, { name?: string; key?: string }>;
}

// Only a new tile left entirely empty is skipped: one with a name but no key (or a key but no name) gets the
// message of the missing field instead of being dropped without a word (issue 15, item 12).
const isBlankNew = (draft: SshKeyDraft) => draft.id === undefined && !draft.name.trim() && !draft.key.trim();

export function planSshKeys(saved: readonly SshKey[], drafts: readonly SshKeyDraft[]): SshKeysPlan {
  const kept = drafts
    .filter((draft) => !isBlankNew(draft))
    .map((draft) => ({ ...draft, name: draft.name.trim(), key: draft.key.trim() }));

  const errors: SshKeysPlan['errors'] = {};
  sshKeyErrors(kept).forEach((error, i) => {
    if (error.name || error.key) errors[kept[i].uid] = error;
  });

  const byId = new Map(saved.map((key) => [key.id, key]));
  const create: SshKeysPlan['create'] = [];
  const update: SshKeyUpdate[] = [];
  for (const draft of kept) {
    const previous = draft.id === undefined ? undefined : byId.get(draft.id);
    if (draft.id === undefined) {
      create.push({ name: draft.name, key: draft.key });
    } else if (previous) {
      const data: SshKeyUpdate['data'] = {};
      if (draft.name !== previous.name) data.name = draft.name;
      if (draft.key !== previous.key) data.key = draft.key;
      if (Object.keys(data).length) update.push({ id: draft.id, data, previous });
    }
  }
  return { create, update, errors };
}

let counter = 0;
/** A fresh tile uid. */
export const newUid = () => `k${Date.now().toString(36)}${(counter++).toString(36)}`;

export const toDrafts = (keys: readonly SshKey[]): SshKeyDraft[] =>
  keys.map((key) => ({ uid: `id-${key.id}`, id: key.id, name: key.name, key: key.key }));
