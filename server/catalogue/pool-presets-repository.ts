import { asc, count } from 'drizzle-orm';
import type { Coin } from '../../contract/constants';
import type { Db } from '../platform/db/client';
import { poolPresets } from '../platform/db/schema';

/** Well-known public pools and their stratum addresses, offered by the build form's pool slots. */
export const DEMO_POOL_PRESETS: { pool: string; url: string; coin: Coin }[] = [
  { pool: 'ViaBTC', url: 'stratum+tcp://btc.viabtc.io:3333', coin: 'BTC' },
  { pool: 'ViaBTC (SSL)', url: 'stratum+ssl://btc.viabtc.io:443', coin: 'BTC' },
  { pool: 'F2Pool', url: 'stratum+tcp://btc.f2pool.com:1314', coin: 'BTC' },
  { pool: 'AntPool', url: 'stratum+tcp://ss.antpool.com:3333', coin: 'BTC' },
  { pool: 'Braiins Pool', url: 'stratum+tcp://stratum.braiins.com:3333', coin: 'BTC' },
  { pool: 'Braiins Pool (Stratum V2)', url: 'stratum2+tcp://v2.stratum.braiins.com:3336', coin: 'BTC' },
  { pool: 'Binance Pool', url: 'stratum+tcp://sha256.poolbinance.com:8888', coin: 'BTC' },
  { pool: 'Luxor', url: 'stratum+tcp://btc.global.luxor.tech:700', coin: 'BTC' },
  { pool: 'Foundry USA', url: 'stratum+tcp://btc.foundryusapool.com:3333', coin: 'BTC' },
  { pool: 'ViaBTC LTC', url: 'stratum+tcp://ltc.viabtc.io:3333', coin: 'LTC' },
  { pool: 'F2Pool LTC', url: 'stratum+tcp://ltc.f2pool.com:8888', coin: 'LTC' },
  { pool: 'AntPool LTC', url: 'stratum+tcp://ltc.antpool.com:8888', coin: 'LTC' },
];

/** Seeds the presets when there are none; answers whether it did. */
export async function ensurePoolPresets(db: Db): Promise<boolean> {
  const [row] = await db.select({ total: count() }).from(poolPresets);
  if ((row?.total ?? 0) > 0) return false;
  await db.insert(poolPresets).values(DEMO_POOL_PRESETS).onConflictDoNothing();
  return true;
}

export function listPoolPresets(db: Db): Promise<{ pool: string; url: string; coin: Coin }[]> {
  return db
    .select({ pool: poolPresets.pool, url: poolPresets.url, coin: poolPresets.coin })
    .from(poolPresets)
    .orderBy(asc(poolPresets.id));
}
