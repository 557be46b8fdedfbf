// The kinds of the catalogue page (issue 17): per tab, its admin resource (dataProvider/paths.ts), the columns
// of its table, the fields of its add and edit dialogs (with the contract's rules), and whether its entries are
// blocked or removed. One table drives every tab, so that each kind is a few lines here.
import { COINS, HIDDEN_SERIES } from '../../../contract/constants';
import {
  catalogueCode,
  coin,
  description,
  label,
  modelName,
  presetUrl,
  seriesName,
} from '../../../contract/rules/catalogue-names';
import type { Rule } from '../../../contract/rules/values';

export type KindName =
  | 'series'
  | 'models'
  | 'platforms'
  | 'install_types'
  | 'combinations'
  | 'licenses'
  | 'pool_presets'
  | 'repositories';

export type CatalogueRecord = Record<string, unknown> & { id: string | number };

export interface Field {
  source: string;
  rule: Rule;
  /** A choice among the names of another kind's records. */
  choices?: KindName;
  /** A choice among fixed values (a coin); a new entry starts with the first. */
  options?: readonly string[];
  /** Only when adding (names are keys: they are not renamed). */
  createOnly?: boolean;
}

export interface Column {
  source: string;
  /** Counts: right-aligned, left out on narrow screens unless `keep`. */
  count?: boolean;
  keep?: boolean;
  /** A count shown only from this width up (lg unless said): the series' coin takes its room below. */
  from?: 'lg' | 'xl';
}

export interface Kind {
  name: KindName;
  resource: string;
  /** The client resources the build form reads, refetched after a change. */
  affects: string[];
  columns: Column[];
  fields: Field[];
  editable?: boolean;
  blockable?: boolean;
  /** What the record is called in dialogs. */
  title: (record: CatalogueRecord) => string;
}

const byName = (record: CatalogueRecord) => String(record.name);

export const KINDS: Kind[] = [
  {
    name: 'series',
    resource: 'catalogueSeries',
    affects: ['series', 'models', 'combinations', 'releases'],
    columns: [
      { source: 'name' },
      { source: 'coin' },
      { source: 'status' },
      { source: 'models', count: true },
      { source: 'releases', count: true, from: 'xl' },
      { source: 'queued_builds', count: true, keep: true },
    ],
    // Issue 37: the coin chooses the pool presets the build form offers for the series.
    fields: [
      { source: 'name', rule: seriesName, createOnly: true },
      { source: 'coin', rule: coin, options: COINS },
    ],
    editable: true,
    blockable: true,
    title: byName,
  },
  {
    name: 'models',
    resource: 'catalogueModels',
    affects: ['models', 'combinations'],
    columns: [
      { source: 'name' },
      { source: 'series' },
      { source: 'status' },
      { source: 'combinations', count: true },
      { source: 'builds', count: true },
      { source: 'queued_builds', count: true, keep: true },
    ],
    fields: [
      { source: 'name', rule: modelName, createOnly: true },
      { source: 'series', rule: seriesName, choices: 'series' },
    ],
    editable: true,
    blockable: true,
    title: byName,
  },
  {
    name: 'platforms',
    resource: 'cataloguePlatforms',
    affects: ['platforms', 'combinations'],
    columns: [
      { source: 'name' },
      { source: 'description' },
      { source: 'combinations', count: true },
      { source: 'queued_builds', count: true, keep: true },
    ],
    fields: [
      { source: 'name', rule: catalogueCode, createOnly: true },
      { source: 'description', rule: description },
    ],
    editable: true,
    title: byName,
  },
  {
    name: 'install_types',
    resource: 'catalogueInstallTypes',
    affects: ['installTypes', 'combinations'],
    columns: [
      { source: 'name' },
      { source: 'combinations', count: true },
      { source: 'queued_builds', count: true, keep: true },
    ],
    fields: [{ source: 'name', rule: catalogueCode, createOnly: true }],
    title: byName,
  },
  {
    name: 'combinations',
    resource: 'catalogueCombinations',
    affects: ['combinations'],
    columns: [
      { source: 'model' },
      { source: 'platform' },
      { source: 'install_type' },
      { source: 'series' },
      { source: 'queued_builds', count: true, keep: true },
    ],
    fields: [
      { source: 'model', rule: modelName, choices: 'models', createOnly: true },
      { source: 'platform', rule: catalogueCode, choices: 'platforms', createOnly: true },
      { source: 'install_type', rule: catalogueCode, choices: 'install_types', createOnly: true },
    ],
    title: (record) => String(record.id),
  },
  {
    name: 'licenses',
    resource: 'catalogueLicenses',
    affects: ['buildLicenses', 'licenses'],
    columns: [
      { source: 'name' },
      { source: 'region' },
      { source: 'builds', count: true },
      { source: 'queued_builds', count: true, keep: true },
    ],
    fields: [
      { source: 'name', rule: label(100) },
      { source: 'region', rule: label(100, 'field') },
    ],
    editable: true,
    title: byName,
  },
  {
    name: 'pool_presets',
    resource: 'cataloguePoolPresets',
    affects: ['poolPresets'],
    columns: [{ source: 'pool' }, { source: 'url' }, { source: 'coin' }],
    fields: [
      { source: 'pool', rule: label(100, 'pool') },
      { source: 'url', rule: presetUrl },
      { source: 'coin', rule: coin, options: COINS },
    ],
    editable: true,
    title: (record) => String(record.pool),
  },
  {
    name: 'repositories',
    resource: 'catalogueRepositories',
    affects: ['seriesRepositories', 'repositoriesTags'],
    columns: [{ source: 'name' }, { source: 'url' }],
    fields: [
      { source: 'name', rule: label(100) },
      { source: 'url', rule: label(2000, 'field') },
    ],
    title: byName,
  },
];

export const kindOf = (name: KindName): Kind => KINDS.find((kind) => kind.name === name) as Kind;

export const isHidden = (series: unknown) => (HIDDEN_SERIES as readonly string[]).includes(String(series));

const count = (record: CatalogueRecord, field: string) => Number(record[field] ?? 0);

export interface Impact {
  /** i18n keys with their arguments, in the order the dialog shows them. */
  lines: { key: string; args?: Record<string, unknown> }[];
  /** Whether going ahead is allowed at all. */
  allowed: boolean;
  /** Blocking what queued builds use: go ahead only with `confirm`. */
  confirm?: boolean;
}

/** What blocking, unblocking or removing a record would do, from the counts its list carries. */
export function impactOf(
  kind: Kind,
  record: CatalogueRecord,
  action: 'block' | 'unblock' | 'remove',
): Impact {
  const queued = count(record, 'queued_builds');
  const name = kind.title(record);
  const queuedLine = { key: 'catalogue.dialog.queued', args: { smart_count: queued } };
  if (action === 'unblock')
    return { lines: [{ key: 'catalogue.dialog.unblock', args: { name } }], allowed: true };
  if (action === 'block') {
    const what = kind.name === 'series' ? 'catalogue.dialog.block_series' : 'catalogue.dialog.block_model';
    const lines: Impact['lines'] = [{ key: what, args: { name } }];
    if (queued > 0) lines.push(queuedLine, { key: 'catalogue.dialog.queued_block' });
    return { lines, allowed: true, confirm: queued > 0 };
  }
  if (queued > 0) return { lines: [queuedLine, { key: 'catalogue.dialog.queued_remove' }], allowed: false };
  const refusals = [
    kind.name === 'models' && count(record, 'builds') > 0 ? 'made:builds' : null,
    kind.name === 'series' && count(record, 'models') > 0 ? 'has_models:models' : null,
    kind.name === 'series' && count(record, 'releases') > 0 ? 'has_releases:releases' : null,
  ].filter((refusal) => refusal !== null);
  if (refusals.length > 0) {
    return {
      lines: refusals.map((refusal) => {
        const [key, field] = refusal.split(':');
        return { key: `catalogue.dialog.${key}`, args: { smart_count: count(record, field) } };
      }),
      allowed: false,
    };
  }
  const lines: Impact['lines'] = [{ key: 'catalogue.dialog.remove' }];
  const combinations = count(record, 'combinations');
  if (['models', 'platforms', 'install_types'].includes(kind.name) && combinations > 0)
    lines.push({ key: 'catalogue.dialog.remove_cascade', args: { smart_count: combinations } });
  return { lines, allowed: true };
}
