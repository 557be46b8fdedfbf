import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether this instance is shutting down; /api/health/ready answers 503 from then on. */
    lifecycle: Lifecycle;
  }
}

export class Lifecycle {
  private drainingSince: number | undefined;

  /** Shutting down: the balancer should stop sending requests here (they are still answered). */
  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  drain(): void {
    this.drainingSince ??= Date.now();
  }
}

/** main.ts calls `drain()` on SIGTERM before closing; closing the app drains it too. */
export default fp(
  async (app) => {
    const lifecycle = new Lifecycle();
    app.decorate('lifecycle', lifecycle);
    app.addHook('preClose', async () => lifecycle.drain());
    // While draining, every answer closes its connection: a keep-alive connection would otherwise hold
    // the close up, and the client's next request should go to another instance.
    app.addHook('onSend', async (_request, reply) => {
      if (lifecycle.draining) reply.header('connection', 'close');
    });
  },
  { name: 'lifecycle' },
);
