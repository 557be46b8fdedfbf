import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyResponseSerializer } from './response-serializer';

describe('lazyResponseSerializer', () => {
  it('sends only what the response schema names, per status, as Fastify does', async () => {
    const app = Fastify();
    app.setSerializerCompiler(lazyResponseSerializer);
    app.get(
      '/thing',
      {
        schema: {
          response: {
            200: { type: 'object', properties: { name: { type: 'string' }, count: { type: 'integer' } } },
            404: { type: 'object', properties: { detail: { type: 'string' } } },
          },
        },
      },
      async (request, reply) => {
        if ((request.query as { missing?: string }).missing)
          return reply.code(404).send({ detail: 'Not found', stack: 'at …' });
        return { name: 'x19', count: 3, password_hash: '$argon2id$…' };
      },
    );
    const found = await app.inject('/thing');
    expect(found.json()).toEqual({ name: 'x19', count: 3 });
    // Compiled once, used again.
    expect((await app.inject('/thing')).body).toBe('{"name":"x19","count":3}');
    const missing = await app.inject('/thing?missing=1');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Not found' });
    await app.close();
  });
});
