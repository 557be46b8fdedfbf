import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import { lookup } from './messages';
import { QUEUE_LIMIT_TEXTS, type QueueLimitKey, queueLimitText, readQueueLimit } from './queue-limits';

describe('the queue limits’ refusals', () => {
  it('are the English of locales/en.json word for word, so the console can read them back', () => {
    for (const key of Object.keys(QUEUE_LIMIT_TEXTS) as QueueLimitKey[])
      expect(lookup(en, `app.errors.${key}`)).toBe(QUEUE_LIMIT_TEXTS[key]);
  });

  it('give back their key and numbers, and nothing for other texts', () => {
    const text = queueLimitText('queue_full', { max: 20, waiting: 19, adding: 4 });
    expect(text).toBe('At most 20 builds may wait in the queue; 19 are waiting and this would add 4');
    expect(readQueueLimit(text)).toEqual({
      key: 'app.errors.queue_full',
      args: { max: 20, waiting: 19, adding: 4 },
    });
    expect(readQueueLimit('Too many sign-in attempts, try again later')).toBeUndefined();
  });
});
