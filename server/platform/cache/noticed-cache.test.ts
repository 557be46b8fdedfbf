// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { NoticedCache } from './noticed-cache';

describe('NoticedCache when full', () => {
  it('lets the least recently used entry go, keeping the others', async () => {
    const cache = new NoticedCache<number, string>(60_000, 3);
    const reads: number[] = [];
    const load = async (key: number) => {
      reads.push(key);
      return `v${key}`;
    };
    for (const key of [1, 2, 3]) await cache.get(key, load);
    await cache.get(1, load); // 1 is used again: 2 is now the oldest
    await cache.get(4, load);
    expect(reads).toEqual([1, 2, 3, 4]);
    for (const key of [1, 3, 4]) expect(await cache.get(key, load)).toBe(`v${key}`);
    expect(reads).toEqual([1, 2, 3, 4]);
    expect(await cache.get(2, load)).toBe('v2');
    expect(reads).toEqual([1, 2, 3, 4, 2]);
  });
});
