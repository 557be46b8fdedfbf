import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import TableIcon from '@mui/icons-material/TableChartOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  TableCell,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type ReactNode, useId, useState } from 'react';
import { useTranslate } from 'react-admin';
import { DASHBOARD_RANGES, type DashboardRange } from '../../../contract/dashboard';
import { downloadBlob } from '../../dataProvider/download';
import { SmallTable } from '../../ui/SmallTable';
import { type ChartTable, hasData, toCsv } from './chartTable';
import { useChartFormat } from './format';

/** A chart's table: its text alternative, and what the Table button shows instead of the chart. */
const DataTable = ({ table, label }: { table: ChartTable; label: string }) => {
  const translate = useTranslate();
  const format = useChartFormat();
  const numeric = (kind: string) => ['count', 'seconds', 'rate'].includes(kind);
  // Its own box scrolls a wide table sideways, reachable by keyboard (a region with a name, in the tab order).
  return (
    <Box role="region" aria-label={label} tabIndex={0} sx={{ overflowX: 'auto' }}>
      <SmallTable
        inline
        label={label}
        sx={{ '& td, & th': { px: 1 } }}
        head={table.columns.map((column) => (
          <TableCell key={column.key} align={numeric(column.kind) ? 'right' : 'left'}>
            {translate(column.label, { _: column.label })}
          </TableCell>
        ))}
      >
        {table.rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and never move
          <TableRow key={index}>
            {table.columns.map((column) => (
              <TableCell
                key={column.key}
                align={numeric(column.kind) ? 'right' : 'left'}
                sx={numeric(column.kind) ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
              >
                {format(row[column.key], column.kind)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </SmallTable>
    </Box>
  );
};

export interface ChartCardProps {
  /** The chart's name: its CSV file's and the e2e tests' handle. */
  name: string;
  title: string;
  range?: DashboardRange;
  onRange?: (range: DashboardRange) => void;
  table: ChartTable | undefined;
  loading: boolean;
  error: boolean;
  /** The chart, drawn when there is data; without one the table is what the card shows. */
  chart?: (table: ChartTable) => ReactNode;
}

/**
 * One dashboard chart: its title, range picker, table view and CSV, and the chart or its table. The Table button
 * (a toggle, aria-pressed) is the chart's text alternative; the drawing's name says so.
 */
export const ChartCard = ({ name, title, range, onRange, table, loading, error, chart }: ChartCardProps) => {
  const translate = useTranslate();
  const titleId = useId();
  const [showTable, setShowTable] = useState(!chart);
  const tableLabel = translate('dashboard.view.table_of', { title });
  const filled = table !== undefined && hasData(table);
  const csv = () => {
    if (!table) return;
    const text = toCsv(table, (column) => translate(column.label, { _: column.label }));
    downloadBlob(
      new Blob([text], { type: 'text/csv;charset=utf-8' }),
      `${name}-${range ?? 'last'}.csv`,
      60_000,
    );
  };
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      data-chart={name}
      sx={{ minWidth: 0, position: 'relative' }}
    >
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography
            component="h2"
            variant="subtitle1"
            id={titleId}
            sx={{ fontWeight: 600, flex: '1 1 12rem' }}
          >
            {title}
          </Typography>
          {range && onRange && (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={range}
              aria-label={translate('dashboard.range.label')}
              onChange={(_, value: DashboardRange | null) => value && onRange(value)}
            >
              {DASHBOARD_RANGES.map((value) => (
                <ToggleButton key={value} value={value} sx={{ px: 1, py: 0.25, textTransform: 'none' }}>
                  {translate(`dashboard.range.${value}`)}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
          )}
          {chart && (
            <ToggleButton
              size="small"
              value="table"
              selected={showTable}
              onChange={() => setShowTable((shown) => !shown)}
              sx={{ px: 1, py: 0.25, textTransform: 'none', gap: 0.5 }}
            >
              <TableIcon fontSize="small" />
              {translate('dashboard.view.table')}
            </ToggleButton>
          )}
          <Button size="small" onClick={csv} disabled={!table} startIcon={<DownloadIcon />}>
            {translate('dashboard.view.csv')}
          </Button>
        </Box>
        {error && <Alert severity="error">{translate('dashboard.error')}</Alert>}
        {loading && !table && (
          <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 120 }}>
            <CircularProgress size={28} aria-label={translate('dashboard.loading')} />
          </Box>
        )}
        {table && !filled && !showTable && (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            {translate('dashboard.no_data')}
          </Typography>
        )}
        {table && filled && chart && !showTable && (
          // The drawing is one image to a screen reader, named with where its values are: the Table button.
          <Box
            role="img"
            aria-label={translate('dashboard.view.chart_of', { title })}
            data-chart-drawn={name}
            sx={{ minWidth: 0 }}
          >
            {chart(table)}
          </Box>
        )}
        {table && showTable && <DataTable table={table} label={tableLabel} />}
      </CardContent>
    </Card>
  );
};
