import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { consoleChunkPlugin } from './scripts/consoleChunk';
import { precompressPlugin } from './scripts/precompress';

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // consoleChunk: the console chunk's address for its modulepreload (src/boot/consoleChunks.ts); precompress:
  // brotli and gzip copies of the built files, which the server sends as they are.
  plugins: [react(), consoleChunkPlugin(), precompressPlugin()],
  resolve: {
    // emotion inserts styles while rendering, in the render's slices, not inside the commit (issue 14; why and
    // what it measured: src/theme/emotionInsertion.ts). The unit tests in jsdom keep emotion's own module: Vitest
    // loads emotion's CommonJS build there, whose require() no alias reaches.
    alias: [
      {
        find: /^@emotion\/use-insertion-effect-with-fallbacks$/,
        replacement: new URL('./src/theme/emotionInsertion.ts', import.meta.url).pathname,
      },
      // node-polyglot's Object.entries shim: the browser's own (src/i18n/objectEntries.cjs).
      {
        find: /^object\.entries$/,
        replacement: new URL('./src/i18n/objectEntries.cjs', import.meta.url).pathname,
      },
      // react-admin's CSV library, fetched when an export is made (src/custom/exports/jsonexportOnDemand.ts).
      {
        find: /^jsonexport\/dist\/index\.js$/,
        replacement: new URL('./src/custom/exports/jsonexportOnDemand.ts', import.meta.url).pathname,
      },
      // react-admin's router provider without the hash router it makes outside a router, and react-router's data
      // router with it (src/layout/browserRouterProvider.ts); ra-core's RouterProviderContext.js imports it so, and
      // its routing/index.js exports it under that name.
      {
        find: /^\.\/adapters\/reactRouterProvider\.js$/,
        replacement: new URL('./src/layout/browserRouterProvider.ts', import.meta.url).pathname,
      },
    ],
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: api, ws: true, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // TypeBox declares no `sideEffects`, so importing `IsEmail` (contract/rules/account.ts) kept every format
      // check of `typebox/format` and its registry in the entry (~33 KB of source on /login and every first
      // page on 2026-11-27). Its modules only define; the SPA uses TypeBox's types and that one check.
      treeshake: {
        moduleSideEffects: (id: string) => (id.includes('/node_modules/typebox/') ? false : undefined),
      },
      output: {
        // Issue 14: left to itself the bundler cuts the modules the console shares with its lazy pages into some
        // forty common chunks of 1–30 KB, all fetched when the console starts. A browser opens six connections
        // to a host over HTTP/1.1, so on a slow mobile network they queue for round trips (Lighthouse's
        // simulated first signed-in paint came seconds late). Common chunks under 100 KB of source are copied
        // into the chunks that read them instead; rolldown's runtime keeps one instance of each module. Fewer
        // bytes too: /login 102.5 → 94.8 KB, the first signed-in page 296.8 → 259.9 KB on the wire
        // (2026-11-25).
        codeSplitting: {
          experimentalInlineCommonChunks: { maxSize: 100_000 },
          // MUI's Tooltip and Popper.js, one chunk: the shell's hints fetch it when idle (ui/HintTooltip.tsx),
          // and the pages that show MUI's Tooltip themselves share it rather than each carrying a copy
          // (~10 KB, 2026-11-27).
          groups: [
            {
              name: 'tooltip',
              test: /\/node_modules\/(@popperjs\/core|@mui\/material\/esm\/(Tooltip|Popper))\//,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
