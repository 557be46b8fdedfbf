import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const t = sharedWorld(createTestApp);

describe('GET /api/reference', () => {
  it('serves the reference page and its own assets without a token, under the console CSP', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/reference' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
    expect(sources).toEqual([
      '/api/reference/assets/swagger-ui.css',
      '/api/reference/assets/swagger-ui-bundle.js',
      '/api/reference/init.js',
    ]);
    expect(page.body).not.toMatch(/<script>|<script [^>]*>[^<]/);
    for (const url of sources) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/reference/init.js' })).body).toContain(
      "'/api/docs'",
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/reference/assets/index.html' })).statusCode).toBe(
      404,
    );
  });
});
