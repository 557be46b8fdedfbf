import { type Static, Type } from 'typebox';
import { BUILD_OPTION_TYPES, BUILD_STATUSES } from '../statuses';
import { closedObject, named } from './common-schemas';
import { livenessFields } from './liveness-schemas';
import { PoolEntriesInputSchema, PoolEntrySchema } from './pool-schemas';
import { StageSchema } from './release-schemas';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const BuildStatusSchema = Type.Enum([...BUILD_STATUSES]);

const OptionValueSchema = Type.Union([
  Type.Boolean(),
  Type.String({ maxLength: 1000 }),
  Type.Array(Type.String()),
]);
export const BuildOptionsValuesSchema = Type.Record(Type.String(), OptionValueSchema, {
  description: 'Build option values by name (admins; everyone else builds with the defaults)',
});

/** GET /admin/groups/build-options: an option a build can carry. */
export const BuildOptionSchema = named(
  'BuildOption',
  Type.Object({
    name: Type.String({ examples: ['fan_control'] }),
    type: Type.Enum([...BUILD_OPTION_TYPES], { description: 'bool, str or list (of strings)' }),
    default: Type.Union([Type.Boolean(), Type.String(), Type.Array(Type.String())]),
    description: Type.String(),
  }),
);

/**
 * Issue 16: when a queued build should start and finish, from the median time of recent builds of its series
 * and the agents online; null when unknown (nothing built yet, no agent online) or not pending/running.
 */
export const estimateFields = {
  estimated_start_at: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Pending: when an agent should take it; otherwise null',
    }),
  ),
  estimated_finish_at: Type.Optional(
    Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Pending or running: when it should be done; otherwise null',
    }),
  ),
};

export const BuildSchema = named(
  'Build',
  Type.Object({
    id: Type.Integer(),
    group_id: Type.Integer(),
    user_id: Type.Integer(),
    name: Type.String(),
    model: Type.String(),
    series: Type.String(),
    platform: Type.String(),
    install_type: Type.String(),
    release_id: Type.Integer(),
    release_version: Type.String(),
    stage: StageSchema,
    license_id: Nullable(Type.Integer()),
    add_license: Type.Boolean(),
    status: BuildStatusSchema,
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    is_removed: Type.Boolean(),
    is_updating: Type.Boolean({ description: 'A rebuild or upgrade is waiting to be built' }),
    warranty: Type.Boolean(),
    ssh_keys: Type.Array(Type.Integer()),
    logo_id: Type.Integer(),
    uuid: Type.String({ format: 'uuid' }),
    options: BuildOptionsValuesSchema,
    fee_pools_configs: Type.Array(PoolEntrySchema),
    file_size: Nullable(Type.Integer()),
    sha256: Nullable(Type.String()),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
    newer_release: Type.Optional(
      Nullable(
        Type.Object(
          { id: Type.Integer(), version: Type.String(), stage: StageSchema },
          {
            description:
              'In build lists: the release an upgrade would move the build to (the newest of its series and ' +
              'stage class its owner may see), or null when there is none newer (issue 15, item 9)',
          },
        ),
      ),
    ),
    release_removed: Type.Optional(
      Type.Boolean({
        description:
          'In build lists: its release was removed and can no longer be built from; rebuilds and edits on it ' +
          'are refused, the upgrade is offered (issue 36)',
      }),
    ),
    config_hash: Type.Optional(
      Nullable(
        Type.String({ description: 'Issue 16: the configuration hash; equal hashes, equal firmware' }),
      ),
    ),
    queue_position: Type.Optional(
      Nullable(
        Type.Integer({ minimum: 1, description: '1-based place among pending builds; null unless pending' }),
      ),
    ),
    ...estimateFields,
    ...livenessFields,
  }),
);

/** Issue 17: a build found by its uuid (admins), with what the Find build page shows of its set and owner. */
export const BuildLookupSchema = Type.Object({
  ...BuildSchema.properties,
  group_name: Type.String(),
  owner_email: Type.String(),
});

const buildFields = {
  group_id: Type.Integer({ minimum: 1, description: 'One of my sets' }),
  series: Type.Optional(
    Type.String({ maxLength: 64, description: 'The model’s series, when the form sends it' }),
  ),
  model: Type.String({ maxLength: 64 }),
  platform: Type.String({ maxLength: 64 }),
  install_type: Type.String({ maxLength: 64 }),
  release_id: Type.Integer({ minimum: 1, description: 'A release of the model’s series that I may see' }),
  license_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  add_license: Type.Optional(Type.Boolean({ description: 'Default true; then license_id is required' })),
  options: Type.Optional(BuildOptionsValuesSchema),
  ssh_keys: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50, description: 'My key ids; default: the set’s' }),
  ),
  logo_id: Type.Optional(
    Type.Integer({ minimum: 1, description: '1 is the general logo, else one of mine; default: the set’s' }),
  ),
  fee_pools_configs: PoolEntriesInputSchema,
};

export const BuildCreateSchema = named('BuildCreate', closedObject(buildFields));

export const BuildPatchSchema = closedObject(
  {
    group_id: Type.Optional(buildFields.group_id),
    series: buildFields.series,
    model: Type.Optional(buildFields.model),
    platform: Type.Optional(buildFields.platform),
    install_type: Type.Optional(buildFields.install_type),
    release_id: Type.Optional(buildFields.release_id),
    license_id: buildFields.license_id,
    add_license: buildFields.add_license,
    options: buildFields.options,
    ssh_keys: buildFields.ssh_keys,
    logo_id: buildFields.logo_id,
    fee_pools_configs: Type.Optional(buildFields.fee_pools_configs),
  },
  { minProperties: 1 },
);

export const PoolPatchSchema = closedObject({ fee_pools_configs: PoolEntriesInputSchema });

export const BuildListQuerySchema = closedObject({
  group_id: Type.Optional(Type.Integer({ minimum: 1 })),
  is_removed: Type.Optional(Type.Boolean({ description: 'Show removed: list removed builds too' })),
});

export const BuildIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const BuildIdQuerySchema = closedObject({ firmware_id: Type.Integer({ minimum: 1 }) });
export const AdminBuildQuerySchema = closedObject({
  firmware_id: Type.Integer({ minimum: 1 }),
  user_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The owner; another answers 404' })),
});

// Checked by the handlers, so that a bad one answers the spec's 'Invalid uuid'.
export const UuidParamsSchema = Type.Object({ uuid: Type.String({ maxLength: 100 }) });
export const LinksQuerySchema = closedObject({ uuid: Type.String({ maxLength: 100 }) });

export const SharedBuildSchema = Type.Object({
  uuid: Type.String({ format: 'uuid' }),
  name: Type.String(),
  model: Type.String(),
  series: Type.String(),
  platform: Type.String(),
  install_type: Type.String(),
  release_version: Type.String(),
  status: BuildStatusSchema,
  file_size: Nullable(Type.Integer()),
  sha256: Nullable(Type.String()),
  run: Type.Integer({
    description: "Issue 37: the build's run whose file the link serves (1, 2… at each rebuild)",
  }),
  download_url: Nullable(
    Type.String({
      description: "/api/files/firmwares/{uuid}?run={run} once the build is done: that run's file",
    }),
  ),
});

export const SharedLinksSchema = Type.Object({
  group_name: Type.String(),
  firmwares: Type.Array(SharedBuildSchema),
});

export type Build = Static<typeof BuildSchema>;
export type BuildCreate = Static<typeof BuildCreateSchema>;
export type BuildPatch = Static<typeof BuildPatchSchema>;
export type SharedBuild = Static<typeof SharedBuildSchema>;
export type SharedLinks = Static<typeof SharedLinksSchema>;
export type BuildOption = Static<typeof BuildOptionSchema>;
export type BuildOptionValues = Static<typeof BuildOptionsValuesSchema>;
