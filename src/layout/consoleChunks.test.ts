import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_PAGE_MODULES, firstPageRoute, inTwoTasks, pageChunks, preloadModule } from './consoleChunks';

afterEach(() => {
  for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
});

describe("the console's code in two tasks (issue 14)", () => {
  it('starts the second import only in a task after the first one is in, and gives its result', async () => {
    const steps: string[] = [];
    const loading = inTwoTasks(
      async () => steps.push('shell'),
      async () => {
        steps.push('console');
        return 'App';
      },
    );
    // Promise jobs alone (the rest of the first evaluation's task) do not reach the second.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(steps).toEqual(['shell']);
    await expect(loading).resolves.toBe('App');
    expect(steps).toEqual(['shell', 'console']);
  });

  it('does not start the second when the first fails', async () => {
    let second = false;
    await expect(
      inTwoTasks(
        () => Promise.reject(new Error('offline')),
        async () => {
          second = true;
        },
      ),
    ).rejects.toThrow('offline');
    expect(second).toBe(false);
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

  it('names modules the first pages import (layout/preloadPage.ts)', async () => {
    const { readFile } = await import('node:fs/promises');
    const source = await readFile('src/layout/preloadPage.ts', 'utf8');
    const imported = [...source.matchAll(/import\('\.\.\/([\w/]+)'\)/g)].map((m) => `src/${m[1]}.tsx`);
    expect(Object.values(FIRST_PAGE_MODULES).flat().sort()).toEqual(imported.sort());
  });
});
