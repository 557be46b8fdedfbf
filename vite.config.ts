import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompressPlugin } from './scripts/precompress';

const api = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  // precompress: brotli and gzip copies of the built files, which the server sends as they are.
  plugins: [react(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: { '/api': { target: api, ws: true, changeOrigin: false } },
  },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 1500 },
});
