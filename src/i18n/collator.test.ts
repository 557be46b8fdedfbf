import { afterEach, describe, expect, it, vi } from 'vitest';

const Collator = Intl.Collator;
let made = 0;

afterEach(() => {
  Intl.Collator = Collator;
  vi.resetModules();
});

describe('lazyCollator', () => {
  it('makes no collator as the console’s modules are evaluated, one at the first comparison', async () => {
    made = 0;
    Intl.Collator = class extends Collator {
      constructor(...args: ConstructorParameters<typeof Collator>) {
        super(...args);
        made += 1;
      }
    } as typeof Collator;
    vi.resetModules();
    await import('../dataProvider');
    await import('../resources/builds/buildRules');
    expect(made).toBe(0);

    const { lazyCollator } = await import('./collator');
    const compare = lazyCollator('en', { numeric: true });
    expect(['S21', 'S9', 'S19'].sort(compare)).toEqual(['S9', 'S19', 'S21']);
    expect(compare('b', 'a')).toBeGreaterThan(0);
    expect(made).toBe(1);
  });
});
