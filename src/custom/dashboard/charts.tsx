// Issue 42: the dashboards' chart kinds (@mui/x-charts), drawn from a chart's table: bars over time (stacked),
// lines over time, and horizontal bars of a rate.

import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslate } from 'react-admin';
import type { ChartTable, Column } from './chartTable';
import { useChartFormat } from './format';
import { SERIES_COLOURS, themedColour } from './palette';

const HEIGHT = 260;

/** A series' colour: the one given for its key, else the next of SERIES_COLOURS. */
type Colours = Record<string, string> | undefined;
const colourOf = (colours: Colours, column: Column, index: number) =>
  colours?.[column.key] ?? SERIES_COLOURS[index % SERIES_COLOURS.length];

function useSeries(table: ChartTable, colours: Colours) {
  const translate = useTranslate();
  const mode = useTheme().palette.mode;
  const format = useChartFormat();
  const [at, ...measures] = table.columns;
  const xAxis = [
    {
      scaleType: 'band' as const,
      dataKey: at.key,
      valueFormatter: (value: unknown, context: { location: string }) =>
        format(value, at.kind, context.location === 'tick'),
    },
  ];
  const series = measures.map((column, index) => ({
    id: column.key,
    dataKey: column.key,
    label: translate(column.label, { _: column.label }),
    color: themedColour(colourOf(colours, column, index), mode),
    valueFormatter: (value: number | null) => format(value, column.kind),
  }));
  const kind = measures[0]?.kind ?? 'count';
  // Counts have no half builds between their ticks.
  const yAxis = [
    {
      width: 56,
      tickMinStep: kind === 'count' ? 1 : undefined,
      valueFormatter: (value: unknown) => format(value, kind),
    },
  ];
  return { xAxis, yAxis, series };
}

/** Counts per time bucket, stacked. */
export const StackedBars = ({ table, colours }: { table: ChartTable; colours?: Colours }) => {
  const { xAxis, yAxis, series } = useSeries(table, colours);
  return (
    <BarChart
      height={HEIGHT}
      dataset={table.rows}
      xAxis={xAxis}
      yAxis={yAxis}
      series={series.map((one) => ({ ...one, stack: 'total' }))}
      skipAnimation
    />
  );
};

/**
 * Where two lines meet, the later one is drawn over the earlier (every agent busy: Busy on Online; a p95 equal
 * to its p50). So every line after the first is dashed and its marks hollow, each series' marks of a shape of
 * its own, the first's drawn heavier: the earlier line shows in the dashes' gaps and the first's mark around the
 * later ones' (issue 42).
 * Dashes and shapes also tell the lines apart without colour.
 */
const MARK_SHAPES = ['circle', 'square', 'diamond', 'triangle', 'star', 'wye', 'cross'] as const;
const laterLines = (first: string | undefined) => ({
  [`& .MuiLineChart-line:not([data-series="${first}"])`]: { strokeDasharray: '6 4' },
  [`& .MuiLineChart-mark:not([data-series="${first}"])`]: { fill: 'none' },
  [`& .MuiLineChart-mark[data-series="${first}"]`]: { strokeWidth: 5 },
});

/** Measures per time bucket, one line each (a bucket with none is a gap). */
export const Lines = ({ table, colours }: { table: ChartTable; colours?: Colours }) => {
  const { xAxis, yAxis, series } = useSeries(table, colours);
  return (
    <LineChart
      sx={laterLines(series[0]?.id)}
      height={HEIGHT}
      dataset={table.rows}
      xAxis={xAxis.map((axis) => ({ ...axis, scaleType: 'point' as const }))}
      yAxis={yAxis}
      series={series.map((one, index) => ({
        ...one,
        showMark: true,
        shape: MARK_SHAPES[index % MARK_SHAPES.length],
      }))}
      skipAnimation
    />
  );
};

/** A rate (0–1) per name, as horizontal bars. */
export const RateBars = ({ table, colour }: { table: ChartTable; colour: string }) => {
  const translate = useTranslate();
  const mode = useTheme().palette.mode;
  const format = useChartFormat();
  return (
    <BarChart
      height={Math.max(120, 36 * table.rows.length + 60)}
      layout="horizontal"
      dataset={table.rows}
      yAxis={[{ scaleType: 'band', dataKey: 'name', width: 110 }]}
      xAxis={[{ min: 0, max: 1, valueFormatter: (value: number) => format(value, 'rate') }]}
      series={[
        {
          dataKey: 'rate',
          label: translate('dashboard.columns.rate'),
          color: themedColour(colour, mode),
          valueFormatter: (value: number | null) => format(value, 'rate'),
        },
      ]}
      hideLegend
      skipAnimation
    />
  );
};
