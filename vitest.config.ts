import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import ProjectsLongestFirstSequencer from './vitest.sequencer.js';

// Five projects, by what a test needs (issue 40): `unit` (contract/, the agent and the SPA's pure logic, in
// plain Node), `dom` (React components and the SPA code that reads the DOM or Web Storage, in jsdom), `api`
// (a real Fastify app on a real database: PGlite, or PostgreSQL when DATABASE_URL is set), `e2e` (the built
// console in Chromium) and `deploy` (deploy/'s files run for real: nginx in front of built instances on the
// PostgreSQL server .ci/run starts, which it restarts; issue 43). `npm run test:unit` runs the first two.

/** The SPA's `.ts` tests that need jsdom (a document, localStorage, sessionStorage, window). */
const DOM_TS_TESTS = [
  'src/authProvider/authProvider.test.ts',
  'src/custom/live/liveSocket.test.ts',
  'src/dataProvider/debug.test.ts',
  'src/dataProvider/httpClient.test.ts',
  'src/boot/consoleChunks.test.ts',
  'src/boot/firstPageDrawn.test.ts',
  'src/layout/pageIcon.test.ts',
  'src/boot/retryingImport.test.ts',
  'src/ui/useOpenedOnce.test.ts',
];

// Hashing passwords at production cost (19 MiB, t=2) is half of a sign-in's time; only
// server/accounts/passwords.test.ts tests that cost, passing it explicitly. The e2e server inherits these too.
/**
 * Files run at once in the one group of the unit, dom, api and e2e projects. Vitest's own default is one less
 * than the cores, which on this 2-core machine ran the unit and dom projects one file at a time (issue 40).
 * Three on two cores: an e2e file waits on pages, builds and restarts much of its time, and a third file fills
 * those waits (vitest.sequencer.ts runs the dom and unit files after the e2e files' start).
 */
const WORKERS = Number(process.env.TEST_WORKERS ?? 3);

const CHEAP_ARGON2 = { ARGON2_MEMORY_KIB: '64', ARGON2_TIME_COST: '1' };

export default defineConfig({
  plugins: [react()],
  test: {
    // api, e2e, dom, unit, each project's files together and longest first (vitest.sequencer.ts).
    sequence: { sequencer: ProjectsLongestFirstSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          sequence: { groupOrder: 0 },
          maxWorkers: WORKERS,
          environment: 'node',
          include: ['contract/**/*.test.ts', 'agent/**/*.test.ts', 'src/**/*.test.ts', 'vite.config.test.ts'],
          exclude: DOM_TS_TESTS,
          // Pure modules: one module graph per worker rather than per file. A test that stubs a global or an
          // environment variable gets it undone after it (below), whatever it forgets.
          pool: 'threads',
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          sequence: { groupOrder: 0 },
          maxWorkers: WORKERS,
          environment: 'jsdom',
          include: ['src/**/*.test.tsx', ...DOM_TS_TESTS],
          setupFiles: ['src/test-setup.ts'],
          // One module graph and one document per worker rather than per file: a fresh fork per file spent
          // 400 CPU-s of the project's 550 loading react-admin and MUI and making jsdom (issue 40). A test that
          // changes module state or the document's head undoes its own change (src/test/documentIcon.ts).
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
          // findBy…/waitFor wait up to 15 s (src/test-setup.ts): a test of several such steps outlives vitest's
          // default 5 s on a loaded 2-core machine (SettingsPopover, LicenseList, PartnerShow, SshKeysTab did).
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          sequence: { groupOrder: 0 },
          environment: 'node',
          include: ['server/**/*.test.ts'],
          env: CHEAP_ARGON2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: WORKERS,
          // One module graph (fastify, drizzle, PGlite's compiled WebAssembly and template) per worker, not per
          // file: every file still builds its own app on its own database (server/test/pglite-template.ts).
          isolate: false,
          unstubGlobals: true,
          unstubEnvs: true,
        },
      },
      {
        extends: true,
        test: {
          name: 'deploy',
          sequence: { groupOrder: 3 },
          environment: 'node',
          include: ['tests/deploy/**/*.test.ts'],
          globalSetup: ['tests/build-if-stale.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          sequence: { groupOrder: 0 },
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          env: CHEAP_ARGON2,
          // One first start of the console per run; each file's server starts from a copy of its data.
          globalSetup: ['tests/e2e/support/golden-data-dir.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // A poll waits for what the page will show after an action: vitest's default (1 s) failed 30 polls'
          // tests whenever the machine was busy (issue 40). Polls that wait longer say so themselves.
          expect: { poll: { timeout: 20_000, interval: 100 } },
          maxWorkers: WORKERS,
        },
      },
    ],
  },
});
