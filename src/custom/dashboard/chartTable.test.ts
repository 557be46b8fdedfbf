import { describe, expect, it } from 'vitest';
import { buildsTable, hasData, licensesTable, toCsv } from './chartTable';

const zero = { done: 0, failed: 0, cancelled: 0, in_progress: 0, pending: 0 };

describe('chart tables', () => {
  it('turns licenses per week and region into one row a week, one column a region', () => {
    const table = licensesTable({
      bucket: 'week',
      regions: ['EU', 'US'],
      points: [
        { at: '2026-11-16T00:00:00.000Z', region: '', issued: 0 },
        { at: '2026-11-23T00:00:00.000Z', region: 'EU', issued: 3 },
        { at: '2026-11-23T00:00:00.000Z', region: 'US', issued: 1 },
      ],
    });
    expect(table.columns.map((column) => column.key)).toEqual(['at', 'EU', 'US']);
    expect(table.rows).toEqual([
      { at: '2026-11-16T00:00:00.000Z', EU: 0, US: 0 },
      { at: '2026-11-23T00:00:00.000Z', EU: 3, US: 1 },
    ]);
  });

  it('tells a table of zeros from one with data', () => {
    const empty = buildsTable({ bucket: 'day', points: [{ at: '2026-11-27T00:00:00.000Z', ...zero }] });
    expect(hasData(empty)).toBe(false);
    const one = buildsTable({
      bucket: 'day',
      points: [{ at: '2026-11-27T00:00:00.000Z', ...zero, failed: 1 }],
    });
    expect(hasData(one)).toBe(true);
  });

  it('writes CSV with translated headers and quoted cells, formulas defused', () => {
    const csv = toCsv(
      {
        columns: [
          { key: 'name', label: 'Name', kind: 'text' },
          { key: 'error', label: 'Error', kind: 'text' },
        ],
        rows: [{ name: 'a, b', error: '=cmd' }],
      },
      (column) => column.label,
    );
    expect(csv).toBe('\uFEFFName,Error\r\n"a, b",\'=cmd\r\n');
  });
});
