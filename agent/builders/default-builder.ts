import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { BuildRoot, forgetLinks } from './build-root';
import type { BuildContext, Builder } from './builder';
import { extractTar, listTree, packTree } from './file-tree';
import { CONFIG_DIR, logoFileName, overlayFiles } from './overlay';
import { findRecipe, RECIPE_PATH } from './recipe';
import { buildWithRecipe } from './recipe-builder';

export const MANIFEST = 'manifest.json';

/**
 * The default build: the release's sources (one `git archive` per repository and tag, unpacked under the
 * repository's name), then, when one of them carries a packaging recipe (build/recipe.json), the firmware the
 * recipe makes for the install type (recipe-builder.ts); without one, the sources as they are with the build's
 * settings overlaid under `config/`. Either way a manifest with every file's sha256 and the configuration
 * hash, all packed as `<uuid>.tar.gz`. The sources' symbolic links live as BuildRoot's records while it
 * runs (build-root.ts), dropped when it ends.
 */
export const defaultBuilder: Builder = async (context) => {
  try {
    return await build(context);
  } finally {
    await forgetLinks(context.workDir);
  }
};

const build: Builder = async (context) => {
  const { job, log, progress, signal } = context;
  const spec = job.spec;
  const tree = path.join(context.workDir, 'tree');
  await mkdir(tree, { recursive: true });
  // Never the uuid in a log line: it is the artifact's download capability, and other roles read logs.
  log(
    `Building ${spec.build?.model ?? 'firmware'} ${spec.release.version ?? ''}, attempt ${job.attempt}`.replace(
      /\s+/g,
      ' ',
    ),
  );

  const tags = spec.release.tags;
  for (const [index, { repository_name: repository, tag_name: tag }] of tags.entries()) {
    signal.throwIfAborted();
    log(`Fetching ${repository} at ${tag}`);
    const tar = await context.sources.ensure(context.api, repository, tag, job.id);
    const count = await extractTar(tar, path.join(tree, repository), repository);
    log(`Unpacked ${count} files of ${repository}`);
    progress(5 + Math.round((45 * (index + 1)) / Math.max(1, tags.length)));
  }

  signal.throwIfAborted();
  const found = await findRecipe(
    tree,
    tags.map((t) => t.repository_name),
  );
  let root = tree;
  let made: Record<string, unknown> = {};
  if (found) {
    log(`Packaging along ${found.repository}/${RECIPE_PATH}`);
    const result = await buildWithRecipe(context, tree, found.repository, found.recipe);
    // The recipe's own hash is of what it rendered; the manifest's config_hash is the configuration's, which
    // the build's attestation signs (issue 16).
    root = result.outDir;
    made = { ...result.manifest, content_hash: result.configHash };
  } else {
    log(
      `No ${RECIPE_PATH} in the release's sources: packing the sources with the settings under ${CONFIG_DIR}/`,
    );
    await overlay(context, tree);
  }
  progress(60);

  const firmware = await BuildRoot.open(root, 'firmware');
  const files = await listTree(firmware);
  // The configuration's hash as the server stored it on the build (contract/config-hash.ts): the manifest says
  // the same hash as the build's signed attestation (issue 16).
  const configHash = spec.config_hash ?? '';
  const manifest = {
    uuid: job.uuid,
    release: {
      id: spec.release.id,
      version: spec.release.version ?? null,
      tags: tags.map((t) => ({ repository: t.repository_name, tag: t.tag_name })),
    },
    config_hash: configHash,
    files: files.map(({ path: p, size, sha256 }) => ({ path: p, size, sha256 })),
    ...made,
  };
  await firmware.write(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
  log(`Manifest: ${files.length} files, configuration hash ${configHash.slice(0, 16)}`);
  progress(70);

  signal.throwIfAborted();
  const output = path.join(context.workDir, `${job.uuid}.tar.gz`);
  const packed = await packTree(firmware, await listTree(firmware), output, {
    prefix: job.uuid,
    mtime: Math.floor(Date.now() / 1000),
  });
  log(`Packed the firmware: ${packed.size} bytes, sha256 ${packed.sha256}`);
  progress(85);
  return { file: output, ...packed };
};

async function overlay(context: BuildContext, tree: string): Promise<void> {
  const { job, log } = context;
  const root = await BuildRoot.open(tree, 'sources');
  for (const file of overlayFiles(job.spec, job.uuid)) {
    await root.write(file.path, file.data, file.mode);
    log(`Wrote ${file.path}`);
  }
  const logo = job.spec.logo;
  if (!logo) return;
  for (const [variant, side] of [
    ['light', 'le'],
    ['dark', 'de'],
  ] as const) {
    // The job's own copy: the public URL stops answering when the set is removed, its builds still use it.
    const image = await context.api.jobLogo(job.id, side);
    const name = `${CONFIG_DIR}/${logoFileName(variant, image.type)}`;
    await root.write(name, image.bytes);
    log(`Wrote ${name} (${image.bytes.length} bytes)`);
  }
}
