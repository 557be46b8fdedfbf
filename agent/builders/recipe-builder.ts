import path from 'node:path';
import { packTar, type TarEntry } from '../tar';
import { BuildRoot } from './build-root';
import type { BuildContext } from './builder';
import { writeFatImage } from './fat-image';
import { copyTree, listTree, safeRelative, sha256Of, type TreeFile } from './file-tree';
import { logoFileName } from './overlay';
import { type PartitionContent, writePartitionImage } from './partition-image';
import { type PartitionsOutputSpec, type Recipe, RecipeError } from './recipe';
import { type PlacedLogos, recipeContext } from './recipe-context';
import { renderTemplate } from './template';

/** What the recipe made: the folder to pack as the artifact, and what the manifest adds. */
export interface RecipeResult {
  /** Holds the artifact's files: install.sh and rootfs/ for an upgrade, the image otherwise. */
  outDir: string;
  /** sha256 over the files the build's settings made (rendered templates, logos). */
  configHash: string;
  manifest: Record<string, unknown>;
}

const under = (rel: string, prefix: string) => rel === prefix || rel.startsWith(`${prefix}/`);

/** A recipe's path in the firmware as BuildRoot takes it: parseRecipe let `/etc/x` mean `etc/x`. */
const inFirmware = (p: string | undefined) => (p ? (safeRelative(p) ?? p) : '');

/** A missing file as the recipe's mistake; a refusal (PathRefused) and anything else as they are. */
const missing = (message: string) => (error: unknown) => {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RecipeError(message);
  throw error;
};

/**
 * The default build along a release's packaging recipe (`build/recipe.json` of `repository`, unpacked with
 * the other repositories under `tree`): the root file system from the repositories, the logos at the web
 * UI's paths, the templates rendered with the build's settings, then the install type's output.
 */
export async function buildWithRecipe(
  context: BuildContext,
  tree: string,
  repository: string,
  recipe: Recipe,
): Promise<RecipeResult> {
  const { job, log, signal } = context;
  const installType = job.spec.build?.install_type ?? 'upgrade';
  const output = recipe.outputs[installType];
  if (!output)
    throw new RecipeError(`The recipe of ${repository} declares no output for install type ${installType}`);
  const sources = await BuildRoot.open(path.join(tree, repository), repository);
  const rootfs = await BuildRoot.open(path.join(context.workDir, 'rootfs'), 'rootfs');

  const present = new Set(job.spec.release.tags.map((t) => t.repository_name));
  for (const part of recipe.rootfs) {
    const name = part.repository === '.' ? repository : part.repository;
    if (!present.has(name))
      throw new RecipeError(`The recipe takes ${name}, which is not among the release's repositories`);
    const from = name === repository ? sources : await BuildRoot.open(path.join(tree, name), name);
    await copyTree(from, rootfs, inFirmware(part.to), (rel) => {
      if (part.exclude?.some((p) => under(rel, p))) return false;
      return !part.include || part.include.some((p) => under(rel, p) || under(p, rel));
    });
  }
  log(`Root file system from ${recipe.rootfs.length} part(s) of the release's sources`);

  const settings: string[] = [];
  let logos: PlacedLogos | null = null;
  if (job.spec.logo && recipe.logos) {
    const placed: Record<string, string> = {};
    for (const [variant, side] of [
      ['light', 'le'],
      ['dark', 'de'],
    ] as const) {
      const image = await context.api.jobLogo(job.id, side);
      const ext = logoFileName(variant, image.type).split('.').pop() ?? 'bin';
      const target = inFirmware(recipe.logos[variant].replaceAll('{ext}', ext));
      await rootfs.write(target, image.bytes);
      placed[variant] = target;
      settings.push(target);
      log(`Wrote ${target} (${image.bytes.length} bytes)`);
    }
    logos = placed as unknown as PlacedLogos;
  } else if (job.spec.logo) log('The recipe names no logo paths: the logo set is not used');

  const values = recipeContext(job.spec, job.uuid, logos, installType);
  for (const spec of recipe.templates ?? []) {
    signal.throwIfAborted();
    if (spec.when && !truthy(lookup(values, spec.when))) continue;
    const source = await sources
      .read(spec.template)
      .catch(missing(`The recipe's template ${spec.template} is not in ${repository}`));
    const target = inFirmware(spec.target);
    await rootfs.write(
      target,
      renderTemplate(
        source.toString('utf8'),
        values,
        spec.template,
        recipe.recipe === 1 ? 'mustache' : 'liquid',
      ),
      Number.parseInt(spec.mode ?? '0644', 8),
    );
    settings.push(target);
    log(`Rendered ${target}`);
  }

  const files = await listTree(rootfs);
  const made = files.filter((f) => settings.includes(f.path));
  const configHash = sha256Of(made.map((f) => `${f.sha256}  ${f.path}\n`).join(''));
  const outDir = path.join(context.workDir, 'out');
  const out = await BuildRoot.open(outDir, 'out');
  const manifest: Record<string, unknown> = {
    install_type: installType,
    recipe: { repository, output: output.type },
  };
  signal.throwIfAborted();

  if (output.type === 'upgrade') {
    await copyTree(rootfs, out, 'rootfs');
    const script = await sources
      .read(output.install_script)
      .catch(missing(`The recipe's install script ${output.install_script} is not in ${repository}`));
    await out.write('install.sh', script, 0o755);
    log(`Upgrade archive: install.sh and ${files.length} files under rootfs/`);
  } else {
    const image = inFirmware(output.image);
    manifest.image = image;
    manifest.contents = files.map(({ path: p, size, sha256 }) => ({ path: p, size, sha256 }));
    if (output.type === 'fat') {
      const { sizeMiB, skipped } = await writeFatImage(out, image, rootfs, files, output, {
        uuid: job.uuid,
        signal,
      });
      for (const link of skipped) log(`FAT has no symbolic links: ${link} is not in the image`);
      log(`SD-card image ${image}: FAT${output.fat ?? ''}, ${sizeMiB} MiB, ${files.length} files`);
    } else {
      const contents = await partitionContents(rootfs, files, output);
      const handle = await out.openWrite(image);
      const { size } = await writePartitionImage(handle, output, contents).finally(() => handle.close());
      for (const c of contents) log(`Partition ${c.name}: ${c.kind}, ${c.data.length} bytes`);
      log(`NAND image ${image}: ${output.partitions.length} partitions, ${size} bytes`);
    }
  }
  return { outDir, configHash, manifest };
}

async function partitionContents(
  rootfs: BuildRoot,
  files: TreeFile[],
  output: PartitionsOutputSpec,
): Promise<PartitionContent[]> {
  const contents: PartitionContent[] = [];
  for (const part of output.partitions) {
    if (part.file) {
      const data = await rootfs
        .read(inFirmware(part.file))
        .catch(missing(`Partition ${part.name} takes ${part.file}, which the firmware does not have`));
      contents.push({ name: part.name, kind: 'file', data });
    } else if (part.tar) {
      const taken = files.filter(
        (f) =>
          part.tar?.some((p) => p === '.' || under(f.path, p)) &&
          !part.exclude?.some((p) => under(f.path, p)),
      );
      const entries: TarEntry[] = [];
      for (const f of taken)
        entries.push(
          f.linkname
            ? {
                path: f.path,
                type: 'symlink',
                mode: 0o777,
                mtime: 0,
                data: Buffer.alloc(0),
                linkname: f.linkname,
              }
            : {
                path: f.path,
                type: 'file',
                mode: f.mode,
                mtime: 0,
                data: await rootfs.read(f.path),
              },
        );
      contents.push({ name: part.name, kind: 'tar', data: await packTar(entries) });
    }
  }
  return contents;
}

function lookup(values: Record<string, unknown>, dotted: string): unknown {
  let value: unknown = values;
  for (const key of dotted.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const truthy = (value: unknown) =>
  Array.isArray(value)
    ? value.length > 0
    : value !== null && value !== undefined && value !== false && value !== '' && !isEmptyObject(value);

const isEmptyObject = (value: unknown) =>
  typeof value === 'object' && value !== null && Object.keys(value).length === 0;
