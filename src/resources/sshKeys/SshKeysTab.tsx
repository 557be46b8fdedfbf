import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, useDataProvider, useGetList, useNotify, useTranslate } from 'react-admin';
import { validation } from '../../../contract/messages';
import { PageLoading } from '../../boot/lazyPage';
import { useShowError } from '../../dataProvider/showError';
import { AddSshKeyTile, SshKeyTile } from './SshKeyTile';
import {
  newUid,
  planSshKeys,
  type SshKey,
  type SshKeyDraft,
  type SshKeysPlan,
  toDrafts,
} from './sshKeysPlan';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };
const NONE: SshKey[] = [];
const isEmptyDraft = (draft: SshKeyDraft) =>
  draft.id === undefined && !draft.name.trim() && !draft.key.trim();

/** A 422's messages for a key's name and key, when the server named those fields; else undefined. */
function fieldErrors(error: unknown): { name?: string; key?: string } | undefined {
  const { status, body } = error as { status?: number; body?: { detail?: unknown } };
  if (status !== 422 || !Array.isArray(body?.detail)) return undefined;
  const found: { name?: string; key?: string } = {};
  for (const entry of body.detail as { loc?: unknown[]; msg?: unknown }[]) {
    const field = entry.loc?.at(-1);
    if ((field === 'name' || field === 'key') && typeof entry.msg === 'string') found[field] = entry.msg;
  }
  return found.name || found.key ? found : undefined;
}

const DUPLICATED = new Set([validation('key_name_duplicated'), validation('key_duplicated')]);

/** The messages shown, less the 'duplicated' ones the drafts no longer earn; the same object if none went. */
function withoutSettledDuplicates(
  shown: SshKeysPlan['errors'],
  now: SshKeysPlan['errors'],
): SshKeysPlan['errors'] {
  let changed = false;
  const kept: SshKeysPlan['errors'] = {};
  for (const [uid, fields] of Object.entries(shown)) {
    const still = (field: 'name' | 'key') => {
      const message = fields[field];
      const settled = message !== undefined && DUPLICATED.has(message) && now[uid]?.[field] !== message;
      if (settled) changed = true;
      return settled ? undefined : message;
    };
    const entry = { name: still('name'), key: still('key') };
    if (entry.name || entry.key) kept[uid] = entry;
    else changed = true;
  }
  return changed ? kept : shown;
}

/** The ssh tab of 'my settings': the account's keys, an add-new-key tile and one submit (spec §4 SSH keys submit). */
export const SshKeysTab = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const notify = useNotify();
  const showError = useShowError();
  const { data, isPending, error, refetch } = useGetList<SshKey>('sshKeys', ALL);
  const saved = data ?? NONE;
  const [drafts, setDrafts] = useState<SshKeyDraft[]>([]);
  const [errors, setErrors] = useState<SshKeysPlan['errors']>({});
  const [removing, setRemoving] = useState<SshKeyDraft>();
  const [busy, setBusy] = useState(false);

  // The saved keys become the tiles whenever they (re)load; new, unsaved tiles are kept.
  useEffect(() => {
    setDrafts((current) => [...toDrafts(saved), ...current.filter((draft) => draft.id === undefined)]);
  }, [saved]);

  // Issue 37: a 'duplicated' message goes once its twin is changed or removed.
  useEffect(() => {
    setErrors((shown) => withoutSettledDuplicates(shown, planSshKeys(saved, drafts).errors));
  }, [saved, drafts]);

  const change = (next: SshKeyDraft) => {
    setDrafts((current) => current.map((draft) => (draft.uid === next.uid ? next : draft)));
    setErrors(({ [next.uid]: _, ...rest }) => rest);
  };
  const add = () => setDrafts((current) => [...current, { uid: newUid(), name: '', key: '' }]);
  const drop = (uid: string) => setDrafts((current) => current.filter((draft) => draft.uid !== uid));

  const askRemove = (draft: SshKeyDraft) => (isEmptyDraft(draft) ? drop(draft.uid) : setRemoving(draft));

  const remove = async () => {
    const draft = removing;
    if (!draft) return;
    setBusy(true);
    try {
      if (draft.id !== undefined) {
        await dataProvider.delete('sshKeys', {
          id: draft.id,
          previousData: { id: draft.id, name: draft.name, key: draft.key },
        });
        notify('app.notifications.ssh_keys_updated', { type: 'success' });
      }
      drop(draft.uid);
      setRemoving(undefined);
      if (draft.id !== undefined) await refetch();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(false);
    }
  };

  const submit = async () => {
    const plan = planSshKeys(saved, drafts);
    setErrors(plan.errors);
    if (Object.keys(plan.errors).length) return;
    if (!plan.create.length && !plan.update.length) {
      notify('app.validation.no_changes', { type: 'info' });
      return;
    }
    setBusy(true);
    // The tile being written: a refusal of its name or key is shown on that field (issue 37, item 2.3).
    let writing: SshKeyDraft | undefined;
    try {
      for (const { id, data, previous } of plan.update) {
        writing = drafts.find((draft) => draft.id === id);
        await dataProvider.update('sshKeys', { id, data, previousData: previous });
      }
      for (const data of plan.create) {
        writing = drafts.find((d) => d.id === undefined && d.name === data.name && d.key === data.key);
        await dataProvider.create('sshKeys', { data });
      }
      setDrafts((current) => current.filter((draft) => draft.id !== undefined));
      notify('app.notifications.ssh_keys_updated', { type: 'success' });
    } catch (e) {
      const onFields = writing && fieldErrors(e);
      if (writing && onFields) setErrors({ [writing.uid]: onFields });
      else showError(e);
    } finally {
      setBusy(false);
      await refetch();
    }
  };

  if (isPending) return <PageLoading />;
  if (error) return <Alert severity="error">{translate('app.ssh.load_failed')}</Alert>;

  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.ssh.hint')}
      </Typography>
      {drafts.length === 0 && (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 1 }}>
          {translate('app.ssh.empty')}
        </Typography>
      )}
      {drafts.map((draft, index) => (
        <SshKeyTile
          key={draft.uid}
          draft={draft}
          index={index}
          errors={errors[draft.uid]}
          disabled={busy}
          onChange={change}
          onRemove={askRemove}
        />
      ))}
      <AddSshKeyTile onAdd={add} disabled={busy} />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : <SaveIcon />}
        >
          {translate('app.ssh.save')}
        </Button>
      </Box>
      <Confirm
        isOpen={Boolean(removing)}
        loading={busy}
        title="app.ssh.remove_title"
        content="app.ssh.remove_confirm"
        contentTranslateOptions={{ name: removing?.name.trim() || translate('app.ssh.new_key') }}
        confirm="ra.action.delete"
        confirmColor="warning"
        onConfirm={remove}
        onClose={() => setRemoving(undefined)}
      />
    </Stack>
  );
};
