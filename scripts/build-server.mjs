// Compiles the API server into one ES module, dist-server/main.mjs, so `npm start` starts it with plain node:
// no TypeScript to load at every start. npm packages stay in node_modules (native and WebAssembly parts).
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: 'dist-server/main.mjs',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
