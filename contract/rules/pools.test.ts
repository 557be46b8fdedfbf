import { describe, expect, it } from 'vitest';
import { englishOf as say } from '../english';
import { isPoolUrl, POOL_URL, poolAccount, poolUrl, poolWorker, presetsForSeries } from './pools';

describe('pool rules (spec §5 messages)', () => {
  it.each([
    ['stratum+tcp://btc.viabtc.io:3333', true],
    ['stratum+ssl://btc.viabtc.io:443', true],
    ['stratum2+tcp://v2.stratum.braiins.com:3336/9awtMD5KQgvRUh2yFbjVeT7b6hjipWcAsQHd6wEhgtDT9soosna', true],
    ['stratum+tcp://10.0.0.5:3333', true],
    ['stratum+tcp://[2001:db8::1]:3333', true],
    ['stratum+tcp://pool.example.com', false],
    ['stratum+tcp://pool.example.com:0', false],
    ['stratum+tcp://pool.example.com:70000', false],
    ['http://pool.example.com:3333', false],
    ['stratum+tcp://-bad.example.com:3333', false],
    ['stratum+tcp://user@pool.example.com:3333', false],
  ])('%s is a pool url: %s', (url, ok) => {
    expect(isPoolUrl(url)).toBe(ok);
  });

  it('url, account and worker', () => {
    expect(say(poolUrl(''))).toBe('Pool is required');
    expect(say(poolUrl('not a url'))).toBe('Must be a valid url');
    expect(say(poolUrl('https://pool.example.com'))).toBe('Must be a valid url');
    expect(say(poolUrl('stratum+tcp://pool.example.com:99999'))).toBe('Must be a valid url');
    expect(poolUrl(' stratum+tcp://pool.example.com:3333 ')).toBeUndefined();
    expect(poolUrl('stratum2+tcp://v2.example.com:3336/9bXi')).toBeUndefined();
    expect(poolUrl('stratum+ssl://[2001:db8::1]:443')).toBeUndefined();
    expect(say(poolAccount(''))).toBe('Account is required');
    expect(say(poolAccount('my_acc'))).toBe('Only letters, numbers and dot');
    expect(say(poolAccount('a b'))).toBe('Only letters, numbers and dot');
    expect(poolAccount('my.acc')).toBeUndefined();
    expect(say(poolWorker(''))).toBe('Worker is required');
    expect(say(poolWorker('w1'))).toBe('Minimum 3 characters');
    expect(say(poolWorker('rig-01'))).toBe('Only Latin letters, numbers and dot');
    expect(poolWorker('rig.01')).toBeUndefined();
    // Issue 37: pools take ASCII workers only.
    expect(say(poolWorker('ФермаБета'))).toBe('Only Latin letters, numbers and dot');
  });
});

describe('pool presets by coin (issue 37)', () => {
  const presets = [
    { pool: 'ViaBTC', url: 'stratum+tcp://btc.viabtc.io:3333', coin: 'BTC' as const },
    { pool: 'ViaBTC LTC', url: 'stratum+tcp://ltc.viabtc.io:3333', coin: 'LTC' as const },
  ];
  const series = [
    { name: 'x19', coin: 'BTC' as const },
    { name: 'l7', coin: 'LTC' as const },
  ];
  it('offers the series’ coin only', () => {
    expect(presetsForSeries(presets, series, 'x19').map((p) => p.pool)).toEqual(['ViaBTC']);
    expect(presetsForSeries(presets, series, 'l7').map((p) => p.pool)).toEqual(['ViaBTC LTC']);
    expect(presetsForSeries(presets, series, '')).toHaveLength(2);
  });
});

// Issue 38: the port's range is written in the pattern itself, so the OpenAPI document states it too.
describe('the pool url pattern', () => {
  it('takes exactly the ports from 1 to 65535, in at most five digits, leading zeros allowed', () => {
    const wrong: string[] = [];
    for (let port = 0; port <= 99_999; port += 1) {
      for (let width = String(port).length; width <= 6; width += 1) {
        const text = String(port).padStart(width, '0');
        const expected = port >= 1 && port <= 65_535 && width <= 5;
        if (POOL_URL.test(`stratum+tcp://pool.example.test:${text}`) !== expected) wrong.push(text);
      }
    }
    expect(wrong).toEqual([]);
  });
});
