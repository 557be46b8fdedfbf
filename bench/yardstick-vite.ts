import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type UserConfig } from 'vite';
import { precompressPlugin } from '../scripts/precompress';

/**
 * The Vite config of a yardstick app of bench/browser.ts (bench/bare, bench/floor): its folder's index.html built
 * into its dist/ with the console's own compression, so that the console's server sends it as it sends the
 * console's files.
 */
export function yardstickConfig(folder: URL): UserConfig {
  return defineConfig({
    root: fileURLToPath(folder),
    plugins: [react(), precompressPlugin()],
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 3000 },
    logLevel: 'warn',
  });
}
