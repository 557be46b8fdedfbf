// The embedded build agent's code as one file (issue 36): the console starts it as a child process under
// Node's permission model (server/agents/agent-sandbox.ts), which may read this folder and its work dir and
// nothing else, so no node_modules, and no TypeScript loader (tsx's needs workers and children, which the
// permission model forbids). `npm run build` writes it to dist-server/agent/; a console run from the
// sources (tsx, tests) bundles it on demand (server/agents/agent-bundle.ts).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The bundle's files, in memory, by their paths in its folder: agent.mjs and cli.mjs, their source maps, and
 * the WebAssembly of the packages they bundle, twice: beside them, where js-fatfs's own loader looks
 * (`new URL('fatfs.wasm', import.meta.url)`, which esbuild leaves as it is), and under node_modules/<package>/,
 * where a `require.resolve('js-fatfs/dist/fatfs.wasm')` from agent.mjs finds it first. The agent may read
 * nothing outside this folder, the project's node_modules included.
 * @returns {Promise<{ name: string, contents: Uint8Array }[]>}
 */
export async function bundleAgent() {
  const result = await build({
    absWorkingDir: ROOT,
    // agent.mjs, the embedded agent the console starts; cli.mjs, `npm run agent` as one file, for an operator
    // who runs an agent of his own under the same flags (README, "Build isolation").
    entryPoints: { agent: 'agent/embedded-child.ts', cli: 'agent/main.ts' },
    // Where npm run build puts them: the source maps' paths are relative to it.
    outdir: 'dist-server/agent',
    outExtension: { '.js': '.mjs' },
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
  });
  const files = result.outputFiles.map((file) => ({
    name: path.basename(file.path),
    contents: file.contents,
  }));
  // The folders of the bundled modules inside packages, as paths below node_modules/ (a linked
  // node_modules resolves elsewhere: what follows its last node_modules/ is the same).
  const packageDirs = new Set(
    Object.keys(result.metafile.inputs)
      .map((input) => path.dirname(path.resolve(ROOT, input)))
      .filter((dir) => dir.includes(`${path.sep}node_modules${path.sep}`)),
  );
  for (const dir of packageDirs) {
    const below = dir.slice(dir.lastIndexOf(`${path.sep}node_modules${path.sep}`) + 1);
    for (const name of await readdir(dir)) {
      if (!name.endsWith('.wasm')) continue;
      const contents = await readFile(path.join(dir, name));
      files.push({ name, contents }, { name: path.join(below, name), contents });
    }
  }
  return files;
}
