import { afterEach, describe, expect, it } from 'vitest';
import {
  FIRST_PAGE_MODULES,
  firstPageRoute,
  inTasks,
  loadOnce,
  pageChunks,
  preloadModule,
  ROUTED_MODULES,
  routedChunks,
} from './consoleChunks';

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
});

describe("the console's code in stages, each in a task of its own (issue 14)", () => {
  it("starts each import only in a task after the one before is in, and gives the last one's result", async () => {
    const steps: string[] = [];
    const loading = inTasks(
      [async () => steps.push('router'), async () => steps.push('styles')],
      async () => {
        steps.push('console');
        return 'App';
      },
    );
    // Promise jobs alone (the rest of an evaluation's task) reach no next stage.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(steps).toEqual(['router']);
    await expect(loading).resolves.toBe('App');
    expect(steps).toEqual(['router', 'styles', 'console']);
  });

  it('starts no later stage when one fails', async () => {
    let later = false;
    await expect(
      inTasks(
        [
          () => Promise.reject(new Error('offline')),
          async () => {
            later = true;
          },
        ],
        async () => {
          later = true;
        },
      ),
    ).rejects.toThrow('offline');
    expect(later).toBe(false);
  });

  it('loads once however often asked, and again after a failure', async () => {
    let calls = 0;
    let fail = true;
    const load = loadOnce(async () => {
      calls += 1;
      if (fail) throw new Error('offline');
      return calls;
    });
    await expect(load()).rejects.toThrow('offline');
    fail = false;
    const [a, b] = await Promise.all([load(), load()]);
    expect([a, b, calls]).toEqual([2, 2, 2]);
    await expect(load()).resolves.toBe(2);
  });

  it("names the routed pages' stages the entry imports, in its order", async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile('src/main.tsx', 'utf8');
    const routed = source.slice(source.indexOf('const loadRouted'), source.indexOf('const loadConsole'));
    const imported = [...routed.matchAll(/import\('\.\/([\w/]+)'\)/g)].map((m) => `src/${m[1]}`);
    expect(ROUTED_MODULES.map((module) => module.replace(/\.tsx?$/, ''))).toEqual(imported);
    expect(routedChunks('["/assets/reactRouter-a.js","/assets/RoutedPages-b.js"]')).toEqual([
      '/assets/reactRouter-a.js',
      '/assets/RoutedPages-b.js',
    ]);
  });

  it('asks the browser to fetch a module once, however often it is asked', () => {
    preloadModule('/assets/App-abc.js');
    preloadModule('/assets/App-abc.js');
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/assets/App-abc.js']);
  });

  it("finds the first page's chunks by the path shown, the console's home included", () => {
    const written = JSON.stringify({
      '/releases': ['/assets/ReleaseList-a.js'],
      '/firmwares': ['/assets/SetList-b.js'],
    });
    expect(pageChunks('/firmwares', written)).toEqual(['/assets/SetList-b.js']);
    expect(pageChunks('/firmwares/', written)).toEqual(['/assets/SetList-b.js']);
    expect(pageChunks('/', written)).toEqual(['/assets/ReleaseList-a.js']);
    expect(pageChunks('/tasks', written)).toEqual([]);
    expect(firstPageRoute('/')).toBe('/releases');
  });

  it('names modules the first pages import (boot/preloadPage.ts)', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile('src/boot/preloadPage.ts', 'utf8');
    const imported = [...source.matchAll(/import\('\.\.\/([\w/]+)'\)/g)].map((m) => `src/${m[1]}.tsx`);
    expect(Object.values(FIRST_PAGE_MODULES).flat().sort()).toEqual(imported.sort());
  });
});
