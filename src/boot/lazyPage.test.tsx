import { act } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetFirstPageWatch, watchFirstPage } from './firstPageDrawn';
import { lazyPage } from './lazyPage';

const Page = lazyPage(async () => () => <p>the page</p>, <p>waiting</p>);

let container: HTMLElement;
let root: Root;

/** What a render in one piece (a sync one) shows of a page whose code is loaded, and what shows once all is done. */
async function drawPage(): Promise<string[]> {
  const shown: string[] = [];
  await act(async () => {
    flushSync(() => root.render(<Page />));
    shown.push(container.textContent ?? '');
  });
  shown.push(container.textContent ?? '');
  return shown;
}

describe('lazyPage at the console start (issue 14)', () => {
  beforeEach(async () => {
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    // The page's code is loaded once, as it is when the console's start asks for it before the shell renders.
    await drawPage();
    act(() => root.render(null));
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    resetFirstPageWatch();
  });

  it('draws the page by a background render while the console starts, not in the render that mounts it', async () => {
    watchFirstPage(() => true);
    expect(await drawPage()).toEqual(['waiting', 'the page']);
  });

  it('draws the page at once when the console is not starting', async () => {
    expect(await drawPage()).toEqual(['the page', 'the page']);
  });
});
