import { describe, expect, it, vi } from 'vitest';
import { RepositoryUnreachableError } from './ls-remote';
import { RefsCache } from './refs-cache';

const refs = { tags: ['v1'], branches: ['main'] };

describe('RefsCache', () => {
  it('shares one running ls-remote and reuses its answer until the ttl passes', async () => {
    vi.useFakeTimers();
    try {
      const list = vi.fn(async () => refs);
      const cache = new RefsCache(list, 5_000, 1_000);
      await Promise.all([cache.get('u'), cache.get('u')]);
      await cache.get('u');
      expect(list).toHaveBeenCalledTimes(1);
      expect(list).toHaveBeenCalledWith('u', 1_000);
      vi.advanceTimersByTime(5_001);
      await cache.get('u');
      expect(list).toHaveBeenCalledTimes(2);
      await cache.fresh('u');
      expect(list).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a failure for the ttl too, so an unreachable repository is not asked on every request', async () => {
    const list = vi.fn(async (url: string) => {
      throw new RepositoryUnreachableError(url, 'down');
    });
    const cache = new RefsCache(list, 5_000);
    await expect(cache.get('u')).rejects.toThrow('down');
    await expect(cache.get('u')).rejects.toThrow('down');
    expect(list).toHaveBeenCalledTimes(1);
  });
});
