import { describe, expect, it } from 'vitest';
import { planSshKeys, type SshKey, type SshKeyDraft, toDrafts } from './sshKeysPlan';

const saved: SshKey[] = [
  { id: 1, name: 'laptop', key: 'ssh-ed25519 AAAA1 me@laptop' },
  { id: 2, name: 'ci', key: 'ssh-ed25519 AAAA2 ci@build' },
];
const fresh = (uid: string, name: string, key: string): SshKeyDraft => ({ uid, name, key });

describe('planSshKeys (spec §4 SSH keys submit)', () => {
  it('does nothing when nothing changed', () => {
    expect(planSshKeys(saved, toDrafts(saved))).toEqual({ create: [], update: [], errors: {} });
  });

  it('skips new tiles left empty', () => {
    const drafts = [
      ...toDrafts(saved),
      fresh('c', '', ''),
      fresh('d', ' desk ', ' ssh-ed25519 AAAA4 me@desk '),
    ];
    const plan = planSshKeys(saved, drafts);
    expect(plan.create).toEqual([{ name: 'desk', key: 'ssh-ed25519 AAAA4 me@desk' }]);
    expect(plan.update).toEqual([]);
    expect(plan.errors).toEqual({});
  });

  it('does not drop a new tile with a name but no key (or a key but no name): it names what is missing', () => {
    const plan = planSshKeys(saved, [
      ...toDrafts(saved),
      fresh('a', '', 'ssh-ed25519 AAAA3'),
      fresh('b', 'desk', '  '),
    ]);
    expect(plan.errors).toEqual({
      a: { name: 'app.validation.min_len_1', key: undefined },
      b: { name: undefined, key: 'app.validation.min_len_1' },
    });
  });

  it('updates only the existing keys whose name or key changed, with the changed fields', () => {
    const [laptop, ci] = toDrafts(saved);
    const plan = planSshKeys(saved, [
      { ...laptop, name: 'old laptop' },
      { ...ci, key: 'ssh-ed25519 AAAA9 ci' },
    ]);
    expect(plan.update).toEqual([
      { id: 1, data: { name: 'old laptop' }, previous: saved[0] },
      { id: 2, data: { key: 'ssh-ed25519 AAAA9 ci' }, previous: saved[1] },
    ]);
    expect(plan.create).toEqual([]);
  });

  it('does not update a key whose only change is surrounding space', () => {
    const [laptop, ci] = toDrafts(saved);
    expect(planSshKeys(saved, [{ ...laptop, name: ' laptop ' }, ci]).update).toEqual([]);
  });

  it('refuses duplicated names and keys, new and existing alike', () => {
    const drafts = [
      ...toDrafts(saved),
      fresh('n', 'laptop', 'ssh-ed25519 AAAA5'),
      fresh('k', 'other', 'ssh-ed25519 AAAA2 ci@build'),
    ];
    const { errors } = planSshKeys(saved, drafts);
    expect(errors['id-1']).toEqual({ name: 'app.validation.key_name_duplicated', key: undefined });
    expect(errors.n).toEqual({ name: 'app.validation.key_name_duplicated', key: undefined });
    expect(errors['id-2']).toEqual({ name: undefined, key: 'app.validation.key_duplicated' });
    expect(errors.k).toEqual({ name: undefined, key: 'app.validation.key_duplicated' });
  });

  it("refuses an existing key emptied: 'min len 1'", () => {
    const [laptop, ci] = toDrafts(saved);
    const { errors } = planSshKeys(saved, [{ ...laptop, key: ' ' }, ci]);
    expect(errors['id-1']).toEqual({ name: undefined, key: 'app.validation.min_len_1' });
  });
});
