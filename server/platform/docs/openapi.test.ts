import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const t = sharedWorld(createTestApp);

describe('GET /api/docs', () => {
  it('serves the OpenAPI document without a token, listing every route with its schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/auth/sign-in',
        '/api/auth/xsrf',
        '/api/client/account/info',
        '/api/client/firmware/series',
        '/api/client/firmware/model-platform-install_type',
        '/api/health/ready',
      ]),
    );
    expect(doc.paths['/api/docs']).toBeUndefined();
    const signIn = doc.paths['/api/auth/sign-in'].post;
    expect(signIn.security).toEqual([]);
    expect(signIn.requestBody.content['application/json'].schema.additionalProperties).toBe(false);
    expect(Object.keys(signIn.responses)).toEqual(
      expect.arrayContaining(['200', '401', '403', '422', '429']),
    );
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    // Build agents' routes take a worker token, not an account's.
    expect(doc.components.securitySchemes.workerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const agentOperations = Object.entries(
      doc.paths as Record<string, Record<string, { security?: unknown }>>,
    )
      .filter(([path]) => path.startsWith('/api/agent/'))
      .flatMap(([, operations]) => Object.values(operations));
    expect(agentOperations.length).toBeGreaterThan(3);
    for (const operation of agentOperations) expect(operation.security).toEqual([{ workerToken: [] }]);
    expect(doc.paths['/api/client/account/info'].get.security).toBeUndefined();
  });
});
