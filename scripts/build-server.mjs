// Compiles the API server and the packages it uses into ES modules in dist-server/, so `npm start` starts it
// with plain node: no TypeScript to load, and a few large files instead of thousands of small ones (loading
// the packages from node_modules took ~800 ms of every start, bundled ~300 ms, measured 2026-11-22).
// dist-server/main.mjs is the entry, with node's modules only; the server proper (server/start.ts) is a chunk
// it imports once it has begun what can run beside loading it. Every chunk sits in dist-server/ itself, one
// level below the root, which server/paths.ts relies on.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { bundleAgent } from './agent-bundle.mjs';

await rm('dist-server', { recursive: true, force: true });
await build({
  entryPoints: ['server/main.ts'],
  outdir: 'dist-server',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Loaded from node_modules: PGlite finds its WebAssembly and data files beside its own module, argon2 is
  // native code, and the rest are optional native helpers the packages try and do without.
  external: ['@electric-sql/pglite', '@node-rs/argon2', 'bufferutil', 'utf-8-validate', 'pg-native'],
  // The CommonJS packages inside an ES module still call require() for node's modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  outExtension: { '.js': '.mjs' },
  chunkNames: '[name]-[hash]',
  sourcemap: true,
  // Stack traces need the mappings only; the sources are in the repository.
  sourcesContent: false,
  logLevel: 'warning',
});

// The embedded build agent, a script of its own in a folder of its own: its process may read that folder
// and nothing else of the console's (issue 36, server/agents/agent-sandbox.ts).
for (const file of await bundleAgent()) {
  await mkdir(path.dirname(`dist-server/agent/${file.name}`), { recursive: true });
  await writeFile(`dist-server/agent/${file.name}`, file.contents);
}
