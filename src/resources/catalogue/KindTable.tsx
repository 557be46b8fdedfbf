import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { Box, Button, Chip, IconButton, Stack, TableCell, TableRow, Typography } from '@mui/material';
import { type ReactElement, useState } from 'react';
import { Loading, useGetList, useTranslate } from 'react-admin';
import { WHOLE_LIST } from '../../dataProvider/wholeList';
import { HintTooltip } from '../../ui/HintTooltip';
import { SmallTable } from '../../ui/SmallTable';
import { CatalogueFormDialog } from './CatalogueFormDialog';
import { type ImpactAction, ImpactDialog } from './ImpactDialog';
import { type CatalogueRecord, type Column, isHidden, type Kind } from './kinds';

const narrowHidden = (column: Column) =>
  column.count && !column.keep ? { display: { xs: 'none', [column.from ?? 'lg']: 'table-cell' } } : undefined;

const Cell = ({ kind, column, record }: { kind: Kind; column: Column; record: CatalogueRecord }) => {
  const translate = useTranslate();
  const value = record[column.source];
  if (column.source === 'status') {
    return record.is_blocked ? (
      <Chip size="small" color="error" label={translate('catalogue.status.blocked')} />
    ) : (
      <Chip size="small" variant="outlined" label={translate('catalogue.status.active')} />
    );
  }
  if (column.count) return <>{Number(value ?? 0)}</>;
  const hidden = kind.name === 'series' && column.source === 'name' && isHidden(value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box component="span" sx={{ wordBreak: column.source === 'url' ? 'break-all' : undefined }}>
        {String(value ?? '')}
      </Box>
      {hidden && <Chip size="small" variant="outlined" label={translate('catalogue.status.hidden')} />}
    </Stack>
  );
};

const Action = ({
  title,
  icon,
  onClick,
  color,
}: {
  title: string;
  icon: ReactElement;
  onClick: () => void;
  color?: 'error';
}) => (
  <HintTooltip title={title}>
    <IconButton aria-label={title} size="small" onClick={onClick} color={color}>
      {icon}
    </IconButton>
  </HintTooltip>
);

type Open =
  | { form: true; record?: CatalogueRecord }
  | { action: ImpactAction; record: CatalogueRecord }
  | null;

/** One kind of the catalogue: its table with row actions, an Add button, and the dialogs they open. */
export const KindTable = ({ kind, hint }: { kind: Kind; hint?: string }) => {
  const translate = useTranslate();
  const { data, isPending } = useGetList<CatalogueRecord>(kind.resource, WHOLE_LIST);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const t = (key: string) => translate(`catalogue.actions.${key}`);

  return (
    <Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}
      >
        <Typography variant="body2" color="text.secondary">
          {hint ?? ''}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setOpen({ form: true })}
          sx={{ flexShrink: 0 }}
        >
          {t('add')}
        </Button>
      </Stack>
      {isPending ? (
        <Loading />
      ) : (
        <SmallTable
          label={translate(`catalogue.tabs.${kind.name}`)}
          head={
            <>
              {kind.columns.map((column) => (
                <TableCell
                  key={column.source}
                  align={column.count ? 'right' : 'left'}
                  sx={narrowHidden(column)}
                >
                  {translate(`catalogue.fields.${column.source}`)}
                </TableCell>
              ))}
              <TableCell align="right" />
            </>
          }
        >
          {(data ?? []).map((record) => (
            <TableRow key={String(record.id)} hover>
              {kind.columns.map((column) => (
                <TableCell
                  key={column.source}
                  align={column.count ? 'right' : 'left'}
                  sx={narrowHidden(column)}
                >
                  <Cell kind={kind} column={column} record={record} />
                </TableCell>
              ))}
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {kind.editable && (
                  <Action
                    title={t('edit')}
                    icon={<EditOutlinedIcon />}
                    onClick={() => setOpen({ form: true, record })}
                  />
                )}
                {kind.blockable &&
                  (record.is_blocked ? (
                    <Action
                      title={t('unblock')}
                      icon={<CheckCircleOutlineIcon />}
                      onClick={() => setOpen({ action: 'unblock', record })}
                    />
                  ) : (
                    <Action
                      title={t('block')}
                      icon={<BlockIcon />}
                      onClick={() => setOpen({ action: 'block', record })}
                    />
                  ))}
                <Action
                  title={t('remove')}
                  icon={<DeleteOutlineIcon />}
                  color="error"
                  onClick={() => setOpen({ action: 'remove', record })}
                />
              </TableCell>
            </TableRow>
          ))}
          {data?.length === 0 && (
            <TableRow>
              <TableCell colSpan={kind.columns.length + 1}>{translate('catalogue.empty')}</TableCell>
            </TableRow>
          )}
        </SmallTable>
      )}
      {open && 'form' in open && <CatalogueFormDialog kind={kind} record={open.record} onClose={close} />}
      {open && 'action' in open && (
        <ImpactDialog kind={kind} record={open.record} action={open.action} onClose={close} />
      )}
    </Box>
  );
};
