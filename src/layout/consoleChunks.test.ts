import { afterEach, describe, expect, it } from 'vitest';
import { inTwoTasks, preloadModule } from './consoleChunks';

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
});
