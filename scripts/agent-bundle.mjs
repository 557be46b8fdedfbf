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
 * The bundle's files, in memory: agent.mjs, its source map, and the WebAssembly of the packages it bundles
 * (js-fatfs loads fatfs.wasm from beside its module, `new URL('fatfs.wasm', import.meta.url)`, which esbuild
 * leaves as it is: beside agent.mjs is where it must be).
 * @returns {Promise<{ name: string, contents: Uint8Array }[]>}
 */
export async function bundleAgent() {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: ['agent/embedded-child.ts'],
    // Where npm run build puts it: the source map's paths are relative to it.
    outfile: 'dist-server/agent/agent.mjs',
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
  const packageDirs = new Set(
    Object.keys(result.metafile.inputs)
      .filter((input) => input.startsWith('node_modules/'))
      .map((input) => path.join(ROOT, path.dirname(input))),
  );
  for (const dir of packageDirs) {
    for (const name of await readdir(dir)) {
      if (name.endsWith('.wasm')) files.push({ name, contents: await readFile(path.join(dir, name)) });
    }
  }
  return files;
}
