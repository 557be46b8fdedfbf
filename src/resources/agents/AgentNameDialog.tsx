import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, TextInput, useTranslate } from 'react-admin';
import { minLength3, required } from '../../../contract/rules/text';

const validateName = [required('name'), minLength3];

/** The name of a new agent ('add new agent') or of one being renamed. */
export const AgentNameDialog = ({
  open,
  title,
  submitLabel,
  initialName = '',
  saving,
  onSave,
  onClose,
}: {
  open: boolean;
  title: string;
  submitLabel: string;
  initialName?: string;
  saving: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      {open && (
        <Form
          defaultValues={{ name: initialName }}
          onSubmit={(values: { name?: string }) => onSave(String(values.name ?? '').trim())}
          noValidate
        >
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <TextInput
              source="name"
              label={translate('resources.agents.fields.name')}
              helperText={translate('app.agents.name_hint')}
              validate={validateName}
              autoFocus
              fullWidth
              disabled={saving}
            />
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={onClose} disabled={saving}>
              {translate('ra.action.cancel')}
            </Button>
            <Button type="submit" variant="contained" disabled={saving}>
              {submitLabel}
            </Button>
          </DialogActions>
        </Form>
      )}
    </Dialog>
  );
};
