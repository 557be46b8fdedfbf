// @vitest-environment node
// Issue 41, section 4: vite.config.ts reaches into private files of emotion, ra-core, node-polyglot and
// react-admin's jsonexport import by aliases, and uses an experimental rolldown option. An upgrade that moves
// or removes those files, or renames the option, would make the aliases silently match nothing (the build
// still succeeds, just bigger or slower) or the option be dropped with a mere warning. These tests fail
// instead, naming the alias.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
// vite's own bundler (vite 8 depends on it), the one that reads build.rolldownOptions.
import { rolldown } from 'rolldown';
import type { Alias, UserConfig } from 'vite';
import { describe, expect, it, vi } from 'vitest';
import viteConfig from './vite.config';

const root = path.dirname(new URL(import.meta.url).pathname);
const config = viteConfig as UserConfig;
const aliases = (config.resolve?.alias ?? []) as Alias[];

/** A file of an installed package, read; a loud failure when the upgrade moved it. */
function packageFile(alias: string, file: string): string {
  const full = path.join(root, 'node_modules', file);
  if (!existsSync(full))
    throw new Error(`alias ${alias}: node_modules/${file} is gone (moved by an upgrade?)`);
  return readFileSync(full, 'utf8');
}

/** The names a module file exports, from `export const x` and `export { x, y }`. */
function exportedNames(source: string): string[] {
  const names = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((m) => m[1]);
  for (const list of source.matchAll(/^export \{([^}]*)\}/gm))
    names.push(
      ...list[1].split(',').map(
        (name) =>
          name
            .trim()
            .split(/\s+as\s+/)
            .at(-1) ?? '',
      ),
    );
  return names.filter(Boolean).sort();
}

interface Guard {
  /** Files of packages that must still import the aliased specifier, as these exact texts. */
  importers: Record<string, string>;
  /** The file the alias stands in for, which the replacement may still import. */
  original?: string;
  /** Whether the replacement must export the same names as `original`. */
  sameExports?: boolean;
}

/** Each alias by its `find` pattern's source. */
const GUARDS: Record<string, Guard> = {
  '^@emotion\\/use-insertion-effect-with-fallbacks$': {
    importers: {
      '@emotion/react/dist/emotion-react.browser.esm.js':
        "from '@emotion/use-insertion-effect-with-fallbacks'",
      '@emotion/styled/base/dist/emotion-styled-base.browser.esm.js':
        "from '@emotion/use-insertion-effect-with-fallbacks'",
    },
    original:
      '@emotion/use-insertion-effect-with-fallbacks/dist/emotion-use-insertion-effect-with-fallbacks.browser.esm.js',
    sameExports: true,
  },
  '^object\\.entries$': {
    importers: { 'node-polyglot/index.js': "require('object.entries')" },
  },
  '^jsonexport\\/dist\\/index\\.js$': {
    importers: { 'ra-core/dist/export/defaultExporter.js': "from 'jsonexport/dist/index.js'" },
    original: 'jsonexport/dist/index.js',
  },
  '^\\.\\/adapters\\/reactRouterProvider\\.js$': {
    importers: {
      'ra-core/dist/routing/RouterProviderContext.js': 'from "./adapters/reactRouterProvider.js"',
      'ra-core/dist/routing/index.js': 'export * from "./adapters/reactRouterProvider.js"',
    },
    original: 'ra-core/dist/routing/adapters/reactRouterProvider.js',
    sameExports: true,
  },
};

describe("vite.config.ts's aliases into private files", () => {
  it('each has a guard here', () => {
    const unguarded = aliases.map((a) => String((a.find as RegExp).source)).filter((find) => !GUARDS[find]);
    expect(unguarded, 'aliases with no guard in vite.config.test.ts').toEqual([]);
  });

  for (const alias of aliases) {
    const find = (alias.find as RegExp).source;
    const guard = GUARDS[find];
    if (!guard) continue;
    it(`alias ${find} still catches what it replaces`, () => {
      expect(existsSync(alias.replacement), `alias ${find}: ${alias.replacement} is missing`).toBe(true);
      for (const [file, text] of Object.entries(guard.importers))
        expect(packageFile(find, file).includes(text), `alias ${find}: ${file} no longer has ${text}`).toBe(
          true,
        );
      if (!guard.original) return;
      const theirs = packageFile(find, guard.original);
      if (!guard.sameExports) return;
      const ours = readFileSync(alias.replacement, 'utf8');
      expect(
        exportedNames(ours),
        `alias ${find}: the replacement's exports differ from ${guard.original}'s`,
      ).toEqual(exportedNames(theirs));
    });
  }
});

describe("vite.config.ts's rolldown options", () => {
  it('are all known to the installed rolldown, the experimental inlining of common chunks included', async () => {
    const { treeshake, output } = config.build?.rolldownOptions ?? {};
    expect(JSON.stringify(output)).toContain('experimentalInlineCommonChunks');
    // rolldown only warns about an unknown option (and then ignores it); the warning fails this test.
    const warn = vi.spyOn(console, 'warn');
    const bundle = await rolldown({
      input: path.join(root, 'src/i18n/objectEntries.cjs'),
      treeshake,
      // What vite sets for an app build, which the inlining requires.
      preserveEntrySignatures: false,
      logLevel: 'silent',
    });
    try {
      await bundle.generate(Array.isArray(output) ? output[0] : output);
    } finally {
      await bundle.close();
    }
    expect(
      warn.mock.calls.map((call) => String(call[0])),
      'rolldown refused an option of vite.config.ts',
    ).toEqual([]);
    warn.mockRestore();
  });
});
