import { type Static, Type } from 'typebox';
import { COINS, FEE_MAX, FEE_MIN, NAME_MIN_LENGTH } from '../constants';
import { POOL_URL } from '../rules/pools';
import { LATIN_DIGITS_DOT, LETTERS_DIGITS_DOT } from '../rules/text';
import { POOL_TYPES } from '../statuses';
import { closedObject, documentedBounds, documentedPattern, type RuleBounds } from './common-schemas';

// Only absurd input is refused here; every rule of spec §5 is checked by pool-rules with the spec's messages,
// on the fields trimmed (server/builds/input/pool-rules.ts): their documented patterns allow blanks around.
const poolText = (description: string, maxLength = 64, rule?: RegExp, bounds?: RuleBounds) =>
  Type.String({
    maxLength,
    description,
    ...documentedPattern(rule, { trimmed: true }),
    ...(bounds ? documentedBounds(bounds) : {}),
  });

export const PoolTypeSchema = Type.Enum([...POOL_TYPES], {
  description: 'fee, devfee or refund (admins only)',
});

export const PoolEntryInputSchema = closedObject({
  alias: Type.Optional(poolText('A label of the pool', 100)),
  url: poolText('stratum+tcp://, stratum+ssl:// or stratum2+tcp:// host:port', 255, POOL_URL),
  account: poolText('Letters, digits and dots', 64, LETTERS_DIGITS_DOT),
  worker: poolText('At least 3 letters, digits or dots', 64, LATIN_DIGITS_DOT, {
    minLength: NAME_MIN_LENGTH,
  }),
  fee: Type.Optional(
    Type.Number({
      description: 'Percent, 0–100, 2 decimals; DevFee defaults to 2',
      ...documentedBounds({ minimum: FEE_MIN, maximum: FEE_MAX }),
    }),
  ),
  fake_fee: Type.Optional(Type.Union([Type.Number(), Type.Null()], { description: 'The fee shown instead' })),
  hidden: Type.Optional(Type.Boolean()),
  type_fee_pool: PoolTypeSchema,
});

/**
 * The pool list's count rules, which the schema cannot state: counting the entries of one type takes JSON
 * Schema's `contains`/`minContains`/`maxContains`, which OpenAPI 3.0 lacks (issue 38). The operations that take
 * a pool list say so in their description too; the README lists it among the rules the document cannot express.
 */
export const POOL_COUNT_RULE =
  'fee_pools_configs holds exactly one devfee entry, at most 5 fee entries and, for admins only, one refund ' +
  'entry; a list that breaks this is refused with 422. The schema cannot say so: counting entries of one type ' +
  'takes JSON Schema contains/minContains, which OpenAPI 3.0 lacks.';

export const PoolEntriesInputSchema = Type.Array(PoolEntryInputSchema, {
  maxItems: 20,
  description: 'Exactly one devfee entry, at most 5 fee entries, one refund entry for admins only',
});

export const PoolEntrySchema = Type.Object({
  alias: Type.String(),
  url: Type.String(),
  account: Type.String(),
  worker: Type.String(),
  fee: Type.Number(),
  fake_fee: Type.Union([Type.Number(), Type.Null()]),
  hidden: Type.Boolean(),
  type_fee_pool: PoolTypeSchema,
});

export const PoolPresetSchema = Type.Object({
  pool: Type.String({ examples: ['ViaBTC'] }),
  url: Type.String({ examples: ['stratum+tcp://btc.viabtc.io:3333'] }),
  coin: Type.Enum([...COINS], { description: 'Offered for the series that mine this coin (issue 37)' }),
});

export type PoolEntryInput = Static<typeof PoolEntryInputSchema>;
export type PoolEntry = Static<typeof PoolEntrySchema>;
export type PoolPreset = Static<typeof PoolPresetSchema>;
