import { type Static, Type } from 'typebox';
import { COINS } from '../constants';

export const SeriesListSchema = Type.Array(
  Type.Object({
    name: Type.String(),
    is_blocked: Type.Boolean(),
    coin: Type.Optional(
      Type.Enum([...COINS], {
        description: 'The coin it mines: the build form offers the pool presets of this coin (issue 37)',
      }),
    ),
  }),
);

export const ModelListSchema = Type.Array(
  Type.Object({ name: Type.String(), series: Type.String(), is_blocked: Type.Boolean() }),
);

export const PlatformListSchema = Type.Array(
  Type.Object({ name: Type.String(), description: Type.String() }),
);

export const InstallTypeListSchema = Type.Array(Type.Object({ name: Type.String() }));

export const CombinationListSchema = Type.Array(
  Type.Object({ model: Type.String(), platform: Type.String(), install_type: Type.String() }),
);

export type Series = Static<typeof SeriesListSchema>[number];
export type MinerModel = Static<typeof ModelListSchema>[number];
export type Platform = Static<typeof PlatformListSchema>[number];
export type InstallType = Static<typeof InstallTypeListSchema>[number];
export type Combination = Static<typeof CombinationListSchema>[number];
