import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SelectInput, TextInput, useGetList, useTranslate } from 'react-admin';
import { fieldErrors } from '../../dataProvider/fieldErrors';
import { type CatalogueRecord, type Field, type Kind, kindOf } from './kinds';
import { useCatalogueWrites, useDialogWrite } from './useCatalogueWrites';

const ALL = { pagination: { page: 1, perPage: 10_000 }, sort: { field: 'name', order: 'ASC' as const } };

/** A field that picks a name of another kind (a model's series, a combination's parts). */
const ChoiceInput = ({ field, label, disabled }: { field: Field; label: string; disabled: boolean }) => {
  const kind = kindOf(field.choices as Field['choices'] & string);
  const { data = [], isPending } = useGetList<CatalogueRecord>(kind.resource, ALL);
  const choices = data.map((record) => ({ id: String(record.name), name: String(record.name) }));
  return (
    <SelectInput
      source={field.source}
      label={label}
      choices={choices}
      isPending={isPending}
      validate={field.rule}
      disabled={disabled}
      fullWidth
    />
  );
};

/** Adding an entry of a kind (`record` absent) or editing one: the kind's fields, checked by the contract's rules. */
export const CatalogueFormDialog = ({
  kind,
  record,
  onClose,
}: {
  kind: Kind;
  record?: CatalogueRecord;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const writes = useCatalogueWrites(kind);
  const { busy: saving, run } = useDialogWrite(onClose);
  const fields = kind.fields.filter((field) => !(record && field.createOnly));
  const sources = fields.map((field) => field.source);
  const defaults = Object.fromEntries(
    fields.map(({ source, options }) => [source, record?.[source] ?? options?.[0] ?? '']),
  );

  const submit = async (values: Record<string, unknown>) => {
    const data = Object.fromEntries(sources.map((source) => [source, String(values[source] ?? '').trim()]));
    const changed = Object.fromEntries(
      Object.entries(data).filter(([key, value]) => value !== defaults[key]),
    );
    return run(
      async () => {
        if (!record) await writes.create(data);
        else if (Object.keys(changed).length > 0) await writes.update(record, changed);
      },
      record ? 'catalogue.notify.updated' : 'catalogue.notify.created',
      (error) => fieldErrors(error, sources),
    );
  };

  const title = record
    ? translate('catalogue.dialog.edit', { name: kind.title(record) })
    : translate('catalogue.dialog.add', { kind: translate(`catalogue.tabs.${kind.name}`) });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="catalogue-form-title">
      <Form defaultValues={defaults} onSubmit={submit} noValidate>
        <DialogTitle id="catalogue-form-title">{title}</DialogTitle>
        <DialogContent>
          {fields.map((field, index) => {
            const label = translate(`catalogue.fields.${field.source}`);
            return field.options ? (
              <SelectInput
                key={field.source}
                source={field.source}
                label={label}
                choices={field.options.map((option) => ({ id: option, name: option }))}
                validate={field.rule}
                disabled={saving}
                fullWidth
              />
            ) : field.choices ? (
              <ChoiceInput key={field.source} field={field} label={label} disabled={saving} />
            ) : (
              <TextInput
                key={field.source}
                source={field.source}
                label={label}
                validate={field.rule}
                autoFocus={index === 0}
                disabled={saving}
                fullWidth
              />
            );
          })}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={saving}>
            {translate('catalogue.actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(record ? 'catalogue.actions.save' : 'catalogue.actions.add')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
};
