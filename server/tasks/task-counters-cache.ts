import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NoticedCache } from '../platform/cache/noticed-cache';
import type { TaskCounters } from './tasks-repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The task counters, by account id ('all' for the admins' counters over every account). */
    taskCountersCache: NoticedCache<number | 'all', TaskCounters>;
  }
}

/** How long counters are trusted at most, should a change notice ever be missed (the consoles poll every 5 s). */
export const TASK_COUNTERS_TTL_MS = 5_000;

const READ_ONLY = /^(GET|HEAD|OPTIONS)$/;

/**
 * The task counters are polled every 5 s by every open console, and the admins' count ~18,000 rows of the
 * bench data (2026-11-25) each time: they are kept until the database announces that a statement may have
 * changed them (trigger task_counts_changed, migration 0021: a build inserted, deleted, or its status,
 * removal, task hiding or owner updated; heard by every instance through the build events bus), and forgotten
 * too once any write request of this instance has been answered (agents' event posts included: they change
 * statuses), as PostgreSQL's notice may arrive a moment after. A read that began before a change is not kept.
 */
export default fp(
  async (app) => {
    const cache = new NoticedCache<number | 'all', TaskCounters>(TASK_COUNTERS_TTL_MS, 10_000);
    app.decorate('taskCountersCache', cache);
    const off = app.buildEvents.onTaskCountsChanged(() => cache.forget());
    app.addHook('onSend', async (request: FastifyRequest) => {
      if (!READ_ONLY.test(request.method)) cache.forget();
    });
    app.addHook('onClose', async () => off());
  },
  { name: 'task-counters-cache', dependencies: ['builds'] },
);
