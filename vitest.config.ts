import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// Three projects: `unit` (contract/, client code and the agent, in jsdom), `api` (a real Fastify app on a
// real database: PGlite, or PostgreSQL when DATABASE_URL is set) and `e2e` (the built console in Chromium).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          environment: 'jsdom',
          include: ['contract/**/*.test.ts', 'src/**/*.test.{ts,tsx}', 'agent/**/*.test.ts'],
          setupFiles: ['src/test-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          sequence: { groupOrder: 1 },
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
