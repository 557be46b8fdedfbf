import { beforeEach, describe, expect, it } from 'vitest';
import { DEBUG_KEY, installDebugSwitches, isDebug } from './debug';

describe('debug flag', () => {
  beforeEach(() => localStorage.clear());

  it('is off by default and switched by the window functions', () => {
    expect(isDebug()).toBe(false);
    installDebugSwitches(window);
    window.enableDebug();
    expect(isDebug()).toBe(true);
    expect(localStorage.getItem(DEBUG_KEY)).toBe('true');
    window.disableDebug();
    expect(isDebug()).toBe(false);
  });
});
