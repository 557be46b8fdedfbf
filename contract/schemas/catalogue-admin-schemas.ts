// The admin catalogue (issue 17): request and response shapes of /api/admin/catalogue/*. Only absurd input is
// refused by the schemas; names and codes are checked by contract/rules/catalogue-names.ts with its messages.
import { type Static, Type } from 'typebox';
import { CATALOGUE_CODE, CATALOGUE_MAX, MODEL_NAME } from '../rules/catalogue-names';
import { LATIN_AND_DIGITS } from '../rules/text';
import { closedObject, documentedBounds, documentedPattern } from './common-schemas';

/**
 * A text field: `maxLength` caps absurd input; `ruleMax`, the rule's own longest (contract/rules/
 * catalogue-names.ts), is what the document states (issue 38).
 */
const text = (maxLength: number, description: string, example?: string, rule?: RegExp, ruleMax?: number) =>
  Type.String({
    maxLength,
    description,
    ...(example ? { examples: [example] } : {}),
    ...documentedPattern(rule),
    ...(ruleMax === undefined ? {} : documentedBounds({ maxLength: ruleMax })),
  });

const queued = Type.Integer({ description: 'Builds in the queue (pending or in progress) that use it' });

/** Confirms a change that builds in the queue depend on (blocking): without it the answer is 409. */
const confirm = Type.Optional(
  Type.Boolean({ description: 'Go ahead although builds in the queue use it (blocking only)' }),
);

const coinField = Type.String({
  maxLength: 10,
  description: 'The coin it mines or serves: BTC or LTC',
  examples: ['BTC'],
});

export const AdminSeriesSchema = Type.Object({
  name: Type.String(),
  is_blocked: Type.Boolean(),
  coin: Type.String({ description: 'The coin it mines: the build form offers its pool presets (issue 37)' }),
  models: Type.Integer({ description: 'Models of the series' }),
  releases: Type.Integer({ description: 'Releases of the series, removed ones too' }),
  queued_builds: queued,
});
export const SeriesCreateSchema = closedObject({
  name: text(40, 'Latin letters and digits, at most 10', 'x23', LATIN_AND_DIGITS, CATALOGUE_MAX.series),
  is_blocked: Type.Optional(Type.Boolean()),
  coin: Type.Optional(coinField),
});
export const SeriesUpdateSchema = closedObject(
  { is_blocked: Type.Optional(Type.Boolean()), coin: Type.Optional(coinField), confirm },
  { minProperties: 1 },
);

export const AdminModelSchema = Type.Object({
  name: Type.String(),
  series: Type.String(),
  is_blocked: Type.Boolean(),
  combinations: Type.Integer({ description: 'Platform and install type combinations of the model' }),
  builds: Type.Integer({ description: 'Builds made for the model, of any status' }),
  queued_builds: queued,
});
export const ModelCreateSchema = closedObject({
  name: text(80, 'Latin letters, digits, spaces and + . _ -', 'S23 Pro', MODEL_NAME, CATALOGUE_MAX.model),
  series: text(40, 'An existing series', 'x21', undefined, CATALOGUE_MAX.series),
  is_blocked: Type.Optional(Type.Boolean()),
});
export const ModelUpdateSchema = closedObject(
  {
    series: Type.Optional(
      text(
        40,
        'Another existing series (only while no build of the model is queued)',
        undefined,
        undefined,
        CATALOGUE_MAX.series,
      ),
    ),
    is_blocked: Type.Optional(Type.Boolean()),
    confirm,
  },
  { minProperties: 1 },
);

export const AdminPlatformSchema = Type.Object({
  name: Type.String(),
  description: Type.String(),
  combinations: Type.Integer(),
  queued_builds: queued,
});
export const PlatformCreateSchema = closedObject({
  name: text(64, 'Lower-case latin letters, digits, _ and -', 'rockchip', CATALOGUE_CODE, CATALOGUE_MAX.code),
  description: Type.Optional(
    text(400, 'What the control board is', undefined, undefined, CATALOGUE_MAX.description),
  ),
});
export const PlatformUpdateSchema = closedObject({
  description: text(400, 'What the control board is', undefined, undefined, CATALOGUE_MAX.description),
});

export const AdminInstallTypeSchema = Type.Object({
  name: Type.String(),
  combinations: Type.Integer(),
  queued_builds: queued,
});
export const InstallTypeCreateSchema = closedObject({
  name: text(64, 'Lower-case latin letters, digits, _ and -', 'emmc', CATALOGUE_CODE, CATALOGUE_MAX.code),
});

export const AdminCombinationSchema = Type.Object({
  model: Type.String(),
  platform: Type.String(),
  install_type: Type.String(),
  series: Type.String(),
  queued_builds: queued,
});
export const CombinationCreateSchema = closedObject({
  model: text(80, 'An existing model', 'S21'),
  platform: text(64, 'An existing platform', 'cvitek'),
  install_type: text(64, 'An existing install type', 'sd'),
});
export const CombinationParamsSchema = Type.Object({
  model: Type.String({ maxLength: 80 }),
  platform: Type.String({ maxLength: 64 }),
  install_type: Type.String({ maxLength: 64 }),
});

export const AdminLicenseSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  region: Type.String(),
  builds: Type.Integer({ description: 'Builds that carry the license, removed ones left out' }),
  queued_builds: queued,
});
export const LicenseWriteSchema = closedObject({
  name: text(200, 'At most 100 characters', 'EU Standard', undefined, CATALOGUE_MAX.label),
  region: text(200, 'At most 100 characters', 'Europe', undefined, CATALOGUE_MAX.label),
});
export const LicenseUpdateSchema = Type.Partial(LicenseWriteSchema, {
  additionalProperties: false,
  minProperties: 1,
});

export const AdminPoolPresetSchema = Type.Object({
  id: Type.Integer(),
  pool: Type.String(),
  url: Type.String(),
  coin: Type.String({ description: 'Offered for the series that mine this coin (issue 37)' }),
});
export const PoolPresetWriteSchema = closedObject({
  pool: text(200, 'The pool as partners know it', 'ViaBTC', undefined, CATALOGUE_MAX.label),
  url: text(
    400,
    'stratum+tcp://, stratum+ssl:// or stratum2+tcp:// host:port',
    'stratum+tcp://btc.viabtc.io:3333',
    undefined,
    CATALOGUE_MAX.url,
  ),
  coin: Type.Optional(coinField),
});
export const PoolPresetUpdateSchema = Type.Partial(PoolPresetWriteSchema, {
  additionalProperties: false,
  minProperties: 1,
});

export const NameParamsSchema = Type.Object({ name: Type.String({ minLength: 1, maxLength: 80 }) });
export const IdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });

export type AdminSeries = Static<typeof AdminSeriesSchema>;
export type AdminModel = Static<typeof AdminModelSchema>;
export type AdminPlatform = Static<typeof AdminPlatformSchema>;
export type AdminInstallType = Static<typeof AdminInstallTypeSchema>;
export type AdminCombination = Static<typeof AdminCombinationSchema>;
export type AdminLicense = Static<typeof AdminLicenseSchema>;
export type AdminPoolPreset = Static<typeof AdminPoolPresetSchema>;
