import { type Static, Type } from 'typebox';
import { NAME_MIN_LENGTH } from '../constants';
import { SET_NAME_CHARS } from '../rules/text';
import { closedObject, documentedBounds, documentedPattern, named } from './common-schemas';

export const BuildSetSchema = named(
  'Set',
  Type.Object({
    id: Type.Integer(),
    user_id: Type.Integer(),
    name: Type.String(),
    description: Type.String(),
    logo_id: Type.Integer(),
    is_favorite: Type.Boolean(),
    is_removed: Type.Boolean(),
    ssh_keys: Type.Array(Type.Integer()),
    versions: Type.Array(Type.Object({ model: Type.String(), release_id: Type.Integer() }), {
      description: 'Every model the set has built (removed builds too) with the release of its newest build',
    }),
    models: Type.Array(Type.String()),
    count_firmwares: Type.Integer({ description: 'Builds that are not removed' }),
    count_pending: Type.Integer(),
    count_in_progress: Type.Integer(),
    count_failed: Type.Integer(),
    count_removed_firmwares: Type.Integer(),
    link_uuid: Type.String({
      format: 'uuid',
      description: 'The public links page: /links/{name}?uuid={link_uuid}',
    }),
    link_enabled: Type.Boolean({
      description: 'Whether the public link answers (issue 37: its owner may turn it off)',
    }),
    created_at: Type.String({ format: 'date-time' }),
    // Issue 37: what tells sets apart in a list, from their builds that are not removed.
    platforms: Type.Optional(Type.Array(Type.String(), { description: 'Its builds’ platforms' })),
    install_types: Type.Optional(Type.Array(Type.String(), { description: 'Its builds’ install types' })),
    main_workers: Type.Optional(
      Type.Array(Type.String(), { description: 'The workers of its builds’ main (DevFee) pools' }),
    ),
    upgrade_available: Type.Optional(
      Type.Boolean({
        description:
          'In my sets list: whether an upgrade would move any build of the set to a newer release (issue 15, item 9)',
      }),
    ),
  }),
);

export const BuildSetWithOwnerSchema = named(
  'SetWithOwner',
  Type.Object({
    ...BuildSetSchema.properties,
    email: Type.String(),
    worker: Type.String(),
  }),
);

const nameField = Type.String({
  maxLength: 64,
  description: 'At least 3 letters, digits, spaces, _ - or .; unique among my sets that are not removed',
  // The server trims a name before its rules (contract/rules/text.ts setName), so blanks around it pass.
  ...documentedPattern(SET_NAME_CHARS, { trimmed: true }),
  // At least 3 without the blanks around, so at least 3 as sent.
  ...documentedBounds({ minLength: NAME_MIN_LENGTH }),
});
const setFields = {
  description: Type.Optional(Type.String({ maxLength: 1000 })),
  logo_id: Type.Optional(
    Type.Integer({ minimum: 1, description: '1 is the general logo; else one of mine' }),
  ),
  ssh_keys: Type.Optional(
    Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 50, description: 'My key ids' }),
  ),
  is_favorite: Type.Optional(Type.Boolean()),
};

export const SetCreateSchema = named('SetCreate', closedObject({ name: nameField, ...setFields }));

export const SetPatchSchema = closedObject(
  {
    name: Type.Optional(nameField),
    ...setFields,
    force_rebuild: Type.Optional(
      Type.Boolean({ description: 'Rebuild every build of the set that is not removed' }),
    ),
  },
  { minProperties: 1 },
);

export const SetListQuerySchema = closedObject({
  search: Type.Optional(Type.String({ maxLength: 100, description: 'Part of the set name' })),
  is_favorite: Type.Optional(Type.Boolean({ description: 'Favourites only' })),
  is_removed: Type.Optional(Type.Boolean({ description: 'Show removed: list removed sets too' })),
  page: Type.Integer({ minimum: 0, default: 0, description: 'Zero-based, 20 a page' }),
});

export const ActiveSetsQuerySchema = closedObject({
  search: Type.Optional(
    Type.String({ maxLength: 100, description: 'Part of the set name, e-mail or worker' }),
  ),
  by_vip: Type.Optional(Type.Boolean({ description: 'VIP partners only' })),
  is_favorite: Type.Optional(Type.Boolean()),
  page: Type.Integer({ minimum: 0, default: 0 }),
});

export const SetIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** Issue 37: the owner turns the set's public link off or on, or gives it a new uuid (the old one then ends). */
export const SetLinkPatchSchema = closedObject(
  {
    enabled: Type.Optional(Type.Boolean({ description: 'Whether the link answers' })),
    regenerate: Type.Optional(Type.Boolean({ description: 'A new link uuid; the old link answers 404' })),
  },
  { minProperties: 1 },
);

/** Issue 37: "Upgrade all" leaves cancelled builds alone unless asked. */
export const UpgradeSetQuerySchema = closedObject({
  include_cancelled: Type.Boolean({ default: false, description: 'Upgrade cancelled builds too' }),
});

/** What "Upgrade all" would queue: the builds with a newer release, cancelled ones apart. */
export const UpgradePreviewSchema = Type.Object({
  builds: Type.Integer({
    minimum: 0,
    description: 'Builds an upgrade would queue, cancelled ones not counted',
  }),
  cancelled: Type.Integer({ minimum: 0, description: 'Cancelled builds it would queue only when asked' }),
});
export type UpgradePreview = Static<typeof UpgradePreviewSchema>;

export const FullCleanQuerySchema = closedObject({
  full_clean: Type.Boolean({ default: false, description: 'Also delete the artifact files' }),
});

export type BuildSet = Static<typeof BuildSetSchema>;
export type SetCreate = Static<typeof SetCreateSchema>;
export type SetPatch = Static<typeof SetPatchSchema>;
