import fp from 'fastify-plugin';
import { mayHaveChangedCaches, NoticedCache } from '../platform/cache/noticed-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** The catalogue's reads (series, models, platforms, install types, combinations), by route. */
    catalogueCache: NoticedCache<string, unknown>;
  }
}

/** How long a cached catalogue read is trusted at most, should a change notification ever be missed. */
export const CATALOGUE_CACHE_TTL_MS = 60_000;

/**
 * The catalogue is read on every build form and changes rarely: its reads are kept in memory until the
 * database announces a change to a catalogue table (trigger catalogue_changed, migration 0018, heard by every
 * instance through the build events bus), and forgotten too once a write request of this instance has been
 * handled (mayHaveChangedCaches: not an agent's, whose event posts would empty it many times a second during
 * builds), before its response leaves. Exact as the account cache is: a read that began before a change is
 * not kept.
 */
export default fp(
  async (app) => {
    const cache = new NoticedCache<string, unknown>(CATALOGUE_CACHE_TTL_MS, 100);
    app.decorate('catalogueCache', cache);
    const off = app.buildEvents.onCatalogueChanged(() => cache.forget());
    app.addHook('onSend', async (request) => {
      if (mayHaveChangedCaches(request)) cache.forget();
    });
    app.addHook('onClose', async () => off());
  },
  { name: 'catalogue-cache', dependencies: ['builds'] },
);
