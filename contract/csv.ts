// CSV (issue 17: the admin exports; issue 42: the dashboards' tables): RFC 4180 quoting, and no cell a spreadsheet would run as a formula.

/** The byte order mark: Excel reads the file as UTF-8 only with it. */
export const BOM = '\uFEFF';

/** Text a spreadsheet takes for a formula: it gets a leading apostrophe (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: empty for null, ISO time for a date; quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record, ended by CRLF as RFC 4180 says. */
export const csvLine = (values: readonly unknown[]): string => `${values.map(csvCell).join(',')}\r\n`;
