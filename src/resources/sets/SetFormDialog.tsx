import { Box, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useMemo } from 'react';
import {
  AutocompleteArrayInput,
  BooleanInput,
  Form,
  TextInput,
  useDataProvider,
  useGetList,
  useNotify,
  useTranslate,
} from 'react-admin';
import { PageLoading } from '../../boot/lazyPage';
import type { LogoSet } from '../../custom/account/accountApi';
import { changedFields } from '../../dataProvider';
import { useHttpClient } from '../../dataProvider/ApiContext';
import { fieldErrors } from '../../dataProvider/fieldErrors';
import { newIdempotencyKey } from '../../dataProvider/idempotencyKey';
import { useShowError } from '../../dataProvider/showError';
import { FormDialogActions } from '../../ui/FormDialogActions';
import { ResponsiveDialog } from '../../ui/ResponsiveDialog';
import { logoSelectFor } from './buildForm/formModes';
import { LogoInput } from './buildForm/LogoInput';
import { resolveLogoId } from './buildForm/logoUpload';
import { validateSetName } from './buildForm/validation';
import type { BuildSet, SetBody, SshKey } from './types';
import { useRefreshBuilds } from './useSetActions';

const ALL = { pagination: { page: 1, perPage: 1000 }, sort: { field: 'id', order: 'ASC' as const } };
const NONE: LogoSet[] = [];
const FIELDS = ['name', 'description', 'ssh_keys', 'is_favorite', 'force_rebuild'];

interface SetFormValues {
  name: string;
  description: string;
  ssh_keys: number[];
  is_favorite: boolean;
  force_rebuild: boolean;
  logoSelect: 'default' | 'my_logo' | 'build_logo';
  savedLogoID: number | null;
  customLogoFiles: { image_le: File | null; image_de: File | null };
}

/** The set form (spec §2 dialogs): name, description, logotype, SSH keys; favourite when new; force a rebuild when edited. */
export const SetFormDialog = ({
  open,
  set,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The set being edited; absent when creating one. */
  set?: BuildSet;
  onClose: () => void;
  onSaved?: (set: BuildSet) => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const http = useHttpClient();
  const notify = useNotify();
  const showError = useShowError();
  const refresh = useRefreshBuilds();
  const { data: logos = NONE, isPending: logosPending } = useGetList<LogoSet>('logos', ALL, {
    enabled: open,
  });
  const { data: keys = [] } = useGetList<SshKey>('sshKeys', ALL, { enabled: open });
  // One key per opening of the dialog: a double click on Create makes one set.
  const submission = useMemo(() => (open ? newIdempotencyKey() : ''), [open]);

  const defaultValues = useMemo<SetFormValues>(
    () => ({
      name: set?.name ?? '',
      description: set?.description ?? '',
      ssh_keys: set?.ssh_keys ?? [],
      is_favorite: set?.is_favorite ?? false,
      force_rebuild: false,
      ...logoSelectFor(set?.logo_id, logos),
      customLogoFiles: { image_le: null, image_de: null },
    }),
    [set, logos],
  );

  const submit = async (values: SetFormValues) => {
    try {
      const body: SetBody = {
        name: values.name.trim(),
        description: values.description?.trim() ?? '',
        ssh_keys: values.ssh_keys ?? [],
        logo_id: await resolveLogoId(http, values, logos),
      };
      let saved: BuildSet;
      if (set) {
        const changed = changedFields(body as Record<string, unknown>, set) as SetBody;
        if (values.force_rebuild) changed.force_rebuild = true;
        if (Object.keys(changed).length === 0) {
          onClose();
          return undefined;
        }
        saved = (
          await dataProvider.update<BuildSet>('sets', { id: set.id, data: changed, previousData: set })
        ).data;
        notify('resources.firmwares.notifications.set_updated', { type: 'success' });
      } else {
        body.is_favorite = values.is_favorite;
        saved = (
          await dataProvider.create<BuildSet>('sets', {
            data: body as BuildSet,
            meta: { idempotencyKey: submission },
          })
        ).data;
        notify('resources.firmwares.notifications.set_created', { type: 'success' });
      }
      await refresh();
      onSaved?.(saved);
      onClose();
      return undefined;
    } catch (error) {
      showError(error);
      return fieldErrors(error, FIELDS);
    }
  };

  return (
    <ResponsiveDialog
      open={open}
      onClose={onClose}
      maxWidth="sm"
      fullScreenBelow="sm"
      titleId="set-form-title"
    >
      <DialogTitle id="set-form-title">
        {set
          ? translate('resources.firmwares.set_form.edit_title', { name: set.name })
          : translate('resources.firmwares.set_form.create_title')}
      </DialogTitle>
      {open && logosPending && (
        <DialogContent>
          <PageLoading />
        </DialogContent>
      )}
      {open && !logosPending && (
        <Form
          key={set?.id ?? 'new'}
          defaultValues={defaultValues}
          onSubmit={(v: unknown) => submit(v as SetFormValues)}
          noValidate
        >
          <DialogContent dividers>
            <TextInput
              source="name"
              label="resources.firmwares.fields.name"
              validate={validateSetName}
              autoFocus
              fullWidth
            />
            <TextInput
              source="description"
              label="resources.firmwares.fields.description"
              multiline
              minRows={2}
              fullWidth
            />
            {keys.length > 0 && (
              <AutocompleteArrayInput
                source="ssh_keys"
                label="app.build_form.fields.ssh_keys"
                choices={keys.map((k) => ({ id: k.id, name: k.name }))}
                translateChoice={false}
                fullWidth
              />
            )}
            <Typography variant="subtitle2" sx={{ mt: 1, mb: 1 }}>
              {translate('app.build_form.sections.logo')}
            </Typography>
            <LogoInput logos={logos} />
            <Box sx={{ mt: 2 }}>
              {set ? (
                set.count_firmwares > 0 && (
                  <BooleanInput
                    source="force_rebuild"
                    label="resources.firmwares.set_form.force_rebuild"
                    helperText="resources.firmwares.set_form.force_rebuild_help"
                  />
                )
              ) : (
                <BooleanInput
                  source="is_favorite"
                  label="resources.firmwares.fields.is_favorite"
                  helperText={false}
                />
              )}
            </Box>
          </DialogContent>
          <FormDialogActions
            onClose={onClose}
            submitLabel={set ? 'ra.action.save' : 'resources.firmwares.actions.create_set'}
          />
        </Form>
      )}
    </ResponsiveDialog>
  );
};
