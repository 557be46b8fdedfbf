import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_PAGE_TIMEOUT_MS,
  pageWaiting,
  resetFirstPageWatch,
  shellDrawn,
  watchFirstPage,
} from './firstPageDrawn';
import { whenIdle } from './whenIdle';

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('start-up work after the first page is drawn (issue 14)', () => {
  // The console's watch is module state: a component file run before this one in the worker may have started it.
  beforeEach(() => resetFirstPageWatch());
  afterEach(() => {
    resetFirstPageWatch();
    vi.useRealTimers();
  });

  it('waits for the shell to be drawn, even with nothing to read and no page waiting for its code', async () => {
    watchFirstPage(() => false);
    const task = vi.fn(() => undefined);
    whenIdle(task);
    await settle();
    expect(task).not.toHaveBeenCalled();
    shellDrawn();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('waits while the page reads, and starts once the reads are in', async () => {
    let reading = true;
    shellDrawn();
    watchFirstPage(() => reading);
    const task = vi.fn(() => undefined);
    whenIdle(task);
    await settle();
    expect(task).not.toHaveBeenCalled();
    reading = false;
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('waits while the page waits for its code', async () => {
    shellDrawn();
    watchFirstPage(() => false);
    const codeArrived = pageWaiting();
    const task = vi.fn(() => undefined);
    whenIdle(task);
    await settle();
    expect(task).not.toHaveBeenCalled();
    codeArrived();
    codeArrived();
    await vi.waitFor(() => expect(task).toHaveBeenCalledTimes(1));
  });

  it('starts the work anyway once the page has taken too long', async () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'requestIdleCallback'],
    });
    watchFirstPage(() => true);
    const task = vi.fn(() => undefined);
    whenIdle(task);
    await vi.advanceTimersByTimeAsync(FIRST_PAGE_TIMEOUT_MS - 100);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2_500);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('starts nothing once cancelled, and stops what it started', async () => {
    let reading = true;
    shellDrawn();
    watchFirstPage(() => reading);
    const stop = vi.fn();
    const cancelledTask = vi.fn(() => stop);
    whenIdle(cancelledTask)();
    const startedTask = vi.fn(() => stop);
    const cancelStarted = whenIdle(startedTask);
    reading = false;
    await vi.waitFor(() => expect(startedTask).toHaveBeenCalledTimes(1));
    expect(cancelledTask).not.toHaveBeenCalled();
    cancelStarted();
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
