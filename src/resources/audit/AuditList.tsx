import { Chip, Stack, Typography } from '@mui/material';
import { DataTable, List, Pagination, SelectInput, TextInput, useTranslate } from 'react-admin';
import { AUDIT_ACTIONS, AUDIT_OBJECT_TYPES } from '../../../contract/audit';
import { PAGE_SIZE } from '../../../contract/constants';
import { RequireAccess } from '../../authProvider/RequireAccess';
import { useShowError } from '../../dataProvider/showError';
import { useDates } from '../../i18n/dates';
import { HintTooltip } from '../../ui/HintTooltip';
import { AuditChanges } from './AuditChanges';
import { AuditObject } from './AuditObject';
import type { AuditEntry } from './types';

const When = ({ at }: { at: string }) => {
  const dates = useDates();
  return (
    <HintTooltip title={dates.relative(at) ?? ''}>
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {dates.format(at, 'exact')}
      </Typography>
    </HintTooltip>
  );
};

const Actor = ({ entry }: { entry: AuditEntry }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
      {entry.actor_email || translate('audit.system_actor')}
    </Typography>
  );
};

const Action = ({ action }: { action: string }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={/remove|delete|block$/.test(action) && !action.endsWith('unblock') ? 'warning' : 'default'}
      label={translate(`audit.action.${action}`, { _: action })}
    />
  );
};

const useFilters = () => {
  const translate = useTranslate();
  return [
    <TextInput key="actor" source="actor" label="audit.filters.actor" alwaysOn resettable />,
    <SelectInput
      key="action"
      source="action"
      label="audit.filters.action"
      alwaysOn
      choices={AUDIT_ACTIONS.map((id) => ({ id, name: translate(`audit.action.${id}`) }))}
      translateChoice={false}
    />,
    <SelectInput
      key="object_type"
      source="object_type"
      label="audit.filters.object_type"
      alwaysOn
      choices={AUDIT_OBJECT_TYPES.map((id) => ({ id, name: translate(`audit.object.${id}`) }))}
      translateChoice={false}
    />,
    <TextInput key="object_id" source="object_id" label="audit.filters.object_id" alwaysOn resettable />,
  ];
};

const Empty = () => {
  const translate = useTranslate();
  return (
    <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
      {translate('audit.empty')}
    </Typography>
  );
};

/** /audit (admins): every recorded change, newest first, 20 a page, with its before and after. */
export const AuditList = () => {
  const translate = useTranslate();
  const showError = useShowError();
  const label = (field: string) => translate(`audit.fields.${field}`);
  return (
    <RequireAccess resource="audit">
      <List<AuditEntry>
        resource="audit"
        perPage={PAGE_SIZE}
        sort={{ field: 'at', order: 'DESC' }}
        actions={false}
        filters={useFilters()}
        empty={false}
        pagination={<Pagination rowsPerPageOptions={[]} />}
        queryOptions={{ onError: showError }}
        sx={{
          '& .RaList-main': { mt: 1, minWidth: 0 },
          '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
          '& .RaFilterForm-root': { flexWrap: 'wrap' },
        }}
      >
        <DataTable<AuditEntry> rowClick={false} bulkActionButtons={false} empty={<Empty />}>
          <DataTable.Col<AuditEntry>
            source="at"
            label={`${label('at')} · ${label('actor')}`}
            disableSort
            render={(e) => (
              <Stack spacing={0.25}>
                <When at={e.at} />
                <Actor entry={e} />
              </Stack>
            )}
          />
          <DataTable.Col<AuditEntry>
            source="action"
            label={`${label('action')} · ${label('object')}`}
            disableSort
            render={(e) => (
              <Stack spacing={0.5} alignItems="flex-start">
                <Action action={e.action} />
                <AuditObject entry={e} />
              </Stack>
            )}
          />
          <DataTable.Col<AuditEntry>
            source="after"
            label={label('changes')}
            disableSort
            render={(e) => <AuditChanges entry={e} />}
          />
        </DataTable>
      </List>
    </RequireAccess>
  );
};
