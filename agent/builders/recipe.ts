import path from 'node:path';
import { type Static, Type } from 'typebox';
import { Value } from 'typebox/value';
import { BuildRoot } from './build-root';
import { safeRelative } from './file-tree';

/** Where a firmware repository keeps its packaging recipe (documented in the README). */
export const RECIPE_PATH = 'build/recipe.json';

const RelPath = Type.String({ minLength: 1, maxLength: 500 });
const Size = Type.Integer({ minimum: 1, maximum: 2 ** 32 - 1 });

const RootfsPart = Type.Object(
  {
    /** A repository of the release, or "." for the recipe's own. */
    repository: Type.String({ minLength: 1, maxLength: 200 }),
    /** Top paths of the repository to take (all when omitted) and to leave out. */
    include: Type.Optional(Type.Array(RelPath)),
    exclude: Type.Optional(Type.Array(RelPath)),
    /** Where in the firmware's root file system it goes (the root when omitted). */
    to: Type.Optional(Type.String({ maxLength: 500 })),
  },
  { additionalProperties: false },
);

const TemplateSpec = Type.Object(
  {
    template: RelPath,
    target: RelPath,
    /** Octal text, "0644" when omitted. */
    mode: Type.Optional(Type.String({ pattern: '^0?[0-7]{3}$' })),
    /** Rendered only when this value of the context is set (a non-empty list, a non-null object). */
    when: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);

const UpgradeOutput = Type.Object(
  {
    type: Type.Literal('upgrade'),
    /** A file of the recipe's repository, placed at the archive's top as install.sh (mode 0755). */
    install_script: RelPath,
  },
  { additionalProperties: false },
);

const FatOutput = Type.Object(
  {
    type: Type.Literal('fat'),
    image: RelPath,
    /** 12, 16 or 32; FatFs chooses by the image's size when omitted. */
    fat: Type.Optional(Type.Union([Type.Literal(12), Type.Literal(16), Type.Literal(32)])),
    /** The image's size; the files' size and a margin when omitted. */
    size_mib: Type.Optional(Type.Integer({ minimum: 1, maximum: 4096 })),
    label: Type.Optional(Type.String({ pattern: '^[A-Z0-9 _-]{1,11}$' })),
  },
  { additionalProperties: false },
);

const Partition = Type.Object(
  {
    name: Type.String({ pattern: '^[A-Za-z0-9_.-]{1,31}$' }),
    offset: Type.Integer({ minimum: 0, maximum: 2 ** 32 - 1 }),
    size: Size,
    /** A file of the root file system, raw; or a tar of the listed paths ("." for all); else left erased. */
    file: Type.Optional(RelPath),
    tar: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 500 }), { minItems: 1 })),
    exclude: Type.Optional(Type.Array(RelPath)),
  },
  { additionalProperties: false },
);

const PartitionsOutput = Type.Object(
  {
    type: Type.Literal('partitions'),
    image: RelPath,
    /** Up to 8 ASCII characters at the image's start. */
    magic: Type.String({ pattern: '^[\\x20-\\x7e]{1,8}$' }),
    /** The partition table's room at offset 0; 4096 when omitted. */
    header_size: Type.Optional(Type.Integer({ minimum: 512, maximum: 1048576 })),
    /** The byte unused space is filled with: 255 (erased NAND) when omitted. */
    fill: Type.Optional(Type.Integer({ minimum: 0, maximum: 255 })),
    partitions: Type.Array(Partition, { minItems: 1, maxItems: 32 }),
  },
  { additionalProperties: false },
);

export const RecipeSchema = Type.Object(
  {
    /** The format's version: 1 writes templates in the first, Mustache-like language, 2 in Liquid. */
    recipe: Type.Union([Type.Literal(1), Type.Literal(2)]),
    rootfs: Type.Array(RootfsPart, { minItems: 1 }),
    templates: Type.Optional(Type.Array(TemplateSpec)),
    logos: Type.Optional(Type.Object({ light: RelPath, dark: RelPath }, { additionalProperties: false })),
    outputs: Type.Record(Type.String(), Type.Union([UpgradeOutput, FatOutput, PartitionsOutput])),
  },
  { additionalProperties: false },
);

export type Recipe = Static<typeof RecipeSchema>;
export type RecipeOutput = Recipe['outputs'][string];
export type FatOutputSpec = Static<typeof FatOutput>;
export type PartitionsOutputSpec = Static<typeof PartitionsOutput>;

export class RecipeError extends Error {}

/**
 * The recipe of the first release repository (unpacked under `tree/<repository>`) that has one; read through
 * BuildRoot, so a `build` that is a link is refused, not followed.
 */
export async function findRecipe(
  tree: string,
  repositories: string[],
): Promise<{ repository: string; recipe: Recipe } | undefined> {
  for (const repository of repositories) {
    const root = await BuildRoot.open(path.join(tree, repository), repository);
    if (!(await root.kind(RECIPE_PATH))) continue;
    const text = (await root.read(RECIPE_PATH)).toString('utf8');
    return { repository, recipe: parseRecipe(text, `${repository}/${RECIPE_PATH}`) };
  }
  return undefined;
}

export function parseRecipe(text: string, name = RECIPE_PATH): Recipe {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new RecipeError(`${name} is not JSON: ${(error as Error).message}`);
  }
  const [first] = Value.Errors(RecipeSchema, value);
  if (first) throw new RecipeError(`${name}: ${first.instancePath || '/'} ${first.message}`);
  const recipe = value as Recipe;
  const paths = [
    ...(recipe.templates ?? []).flatMap((t) => [t.template, t.target]),
    ...Object.values(recipe.logos ?? {}),
    ...recipe.rootfs.flatMap((p) => [...(p.include ?? []), ...(p.exclude ?? []), ...(p.to ? [p.to] : [])]),
    ...Object.values(recipe.outputs).flatMap((o) =>
      o.type === 'upgrade'
        ? [o.install_script]
        : o.type === 'fat'
          ? [o.image]
          : [
              o.image,
              ...o.partitions.flatMap((p) => [
                ...(p.file ? [p.file] : []),
                ...(p.tar ?? []).filter((t) => t !== '.'),
                ...(p.exclude ?? []),
              ]),
            ],
    ),
  ];
  for (const p of paths)
    if (!safeRelative(p)) throw new RecipeError(`${name}: "${p}" is not a path inside the firmware`);
  for (const [installType, output] of Object.entries(recipe.outputs)) {
    if (output.type === 'partitions') checkPartitions(output, `${name}: outputs.${installType}`);
  }
  return recipe;
}

/** Partitions lie after the header, inside 4 GiB, and do not overlap. */
function checkPartitions(output: PartitionsOutputSpec, name: string): void {
  const header = output.header_size ?? 4096;
  const sorted = [...output.partitions].sort((a, b) => a.offset - b.offset);
  let end = header;
  for (const part of sorted) {
    if (part.offset < end)
      throw new RecipeError(`${name}: partition ${part.name} overlaps what comes before it`);
    if (part.file && part.tar) throw new RecipeError(`${name}: partition ${part.name} has both file and tar`);
    end = part.offset + part.size;
  }
  if (end > 2 ** 32) throw new RecipeError(`${name}: the image would pass 4 GiB`);
  if (new Set(output.partitions.map((p) => p.name)).size !== output.partitions.length)
    throw new RecipeError(`${name}: two partitions share a name`);
  const tableBytes = 16 + 80 * output.partitions.length;
  if (tableBytes > header)
    throw new RecipeError(`${name}: ${tableBytes} bytes of table do not fit the header`);
}
