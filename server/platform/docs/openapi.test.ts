import { describe, expect, it } from 'vitest';
import {
  FEE_MAX,
  FEE_MIN,
  NAME_MIN_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '../../../contract/constants';
import { EMAIL_MAX_LENGTH, NO_CYRILLIC } from '../../../contract/rules/account';
import { CATALOGUE_CODE, CATALOGUE_MAX, MODEL_NAME } from '../../../contract/rules/catalogue-names';
import { POOL_URL } from '../../../contract/rules/pools';
import {
  LATIN_AND_DIGITS,
  LATIN_DIGITS_DOT,
  LETTERS_DIGITS_DOT,
  LETTERS_DIGITS_UNDERSCORE,
  SET_NAME_CHARS,
} from '../../../contract/rules/text';
import { aroundBlanks } from '../../../contract/schemas/common-schemas';
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

  // Issue 38: what a generator and a linter need (openapi-lint.test.ts runs the linters themselves).
  describe('for generators', () => {
    const operations = async () => {
      const doc = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
      type Operation = { operationId: string; tags?: string[] };
      const list = Object.entries(doc.paths as Record<string, Record<string, Operation>>).flatMap(
        ([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => ({ path, method, ...operation })),
      );
      return { doc, list, find: (method: string, path: string) => doc.paths[path][method] };
    };

    it('names every operation once, in camelCase, from its method and path', async () => {
      const { list, find } = await operations();
      const ids = list.map((operation) => operation.operationId);
      expect(ids.every((id) => /^[a-z][A-Za-z0-9]+$/.test(id))).toBe(true);
      expect(new Set(ids).size).toBe(list.length);
      expect(find('patch', '/api/client/firmware/firmwares/{id}/pool').operationId).toBe(
        'patchClientFirmwareFirmwaresByIdPool',
      );
    });

    it('declares its servers and every tag it uses, with a description', async () => {
      const { doc, list } = await operations();
      expect(doc.servers).toEqual([{ url: 'http://console.test', description: 'This console' }]);
      const declared = new Map(doc.tags.map((tag: { name: string; description: string }) => [tag.name, tag]));
      for (const tag of new Set(list.flatMap((operation) => operation.tags ?? []))) {
        expect(declared.get(tag), tag).toMatchObject({ description: expect.any(String) });
      }
    });

    it('names its main schemas and refers to them', async () => {
      const { doc, find } = await operations();
      for (const name of [
        'Build',
        'Set',
        'Run',
        'Release',
        'Partner',
        'Agent',
        'Problem',
        'ValidationProblem',
      ])
        expect(doc.components.schemas[name], name).toBeDefined();
      const create = find('post', '/api/client/firmware/firmwares');
      expect(create.requestBody.content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/BuildCreate',
      });
      expect(create.responses['201'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Build',
      });
      expect(create.responses['404'].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/Problem',
      });
    });

    it('documents the paging, idempotency, ETag and Retry-After headers', async () => {
      const { find } = await operations();
      const paged = find('get', '/api/admin/firmwares/active');
      expect(Object.keys(paged.responses['200'].headers)).toEqual(['X-Page', 'X-Page-Size', 'X-Total-Count']);
      const create = find('post', '/api/client/firmware/firmwares');
      expect(create.parameters).toContainEqual(
        expect.objectContaining({ name: 'Idempotency-Key', in: 'header' }),
      );
      expect(create.responses['429'].headers['Retry-After']).toBeDefined();
      const cached = find('get', '/api/client/firmware/series');
      expect(cached.responses['200'].headers.ETag).toBeDefined();
      expect(cached.responses['304']).toBeDefined();
      expect(cached.parameters).toContainEqual(
        expect.objectContaining({ name: 'If-None-Match', in: 'header' }),
      );
    });

    it("writes the contract's name and pool rules as patterns, from the rules' own regexes", async () => {
      const { doc } = await operations();
      const { SetCreate, BuildCreate } = doc.components.schemas;
      // Trimmed by the server, so blanks around are allowed (openapi-patterns.test.ts).
      expect(SetCreate.properties.name.pattern).toBe(aroundBlanks(SET_NAME_CHARS));
      const pool = JSON.stringify(BuildCreate);
      for (const rule of [POOL_URL, LATIN_DIGITS_DOT, LETTERS_DIGITS_DOT])
        expect(pool).toContain(JSON.stringify({ pattern: aroundBlanks(rule) }).slice(1, -1));
      const text = JSON.stringify(doc);
      for (const rule of [MODEL_NAME, CATALOGUE_CODE, LATIN_AND_DIGITS, LETTERS_DIGITS_UNDERSCORE])
        expect(text, rule.source).toContain(JSON.stringify({ pattern: rule.source }).slice(1, -1));
      expect(JSON.stringify(doc)).not.toContain('x-pattern');
      // Each pattern is one the document's readers can compile, and it says what the rule says.
      const name = new RegExp(SetCreate.properties.name.pattern, 'u');
      expect(['My farm 2.0', 'Ферма_1'].every((v) => name.test(v))).toBe(true);
      expect(name.test('farm/1')).toBe(false);
    });

    it('gives files, CSV and uploads their own media types', async () => {
      const { find } = await operations();
      expect(Object.keys(find('get', '/api/admin/exports/partners.csv').responses['200'].content)).toEqual([
        'text/csv',
      ]);
      expect(
        find('get', '/api/files/firmwares/{uuid}').responses['200'].content['application/gzip'].schema,
      ).toMatchObject({
        type: 'string',
        format: 'binary',
      });
      expect(Object.keys(find('put', '/api/agent/jobs/{id}/artifact').requestBody.content)).toEqual([
        'application/octet-stream',
      ]);
      const logo = find('post', '/api/client/account/logo').requestBody.content['multipart/form-data'].schema;
      expect(logo.required).toEqual(['image_le', 'image_de']);
    });

    it('writes the integer cap the server enforces, and requires only what is required', async () => {
      const { find } = await operations();
      const [id] = find('patch', '/api/client/firmware/firmwares/{id}/pool').parameters;
      expect(id.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 2_147_483_647 });
      const page = find('get', '/api/admin/firmwares/active').parameters.find(
        (p: { name: string }) => p.name === 'page',
      );
      expect(page).toMatchObject({ required: false, schema: { default: 0 } });
    });

    it("states the rules' lengths, ranges and e-mail format, from the contract's own constants", async () => {
      const { doc, find } = await operations();
      const body = (method: string, path: string) => {
        const schema = find(method, path).requestBody.content['application/json'].schema;
        return schema.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
      };
      const email = { format: 'email', maxLength: EMAIL_MAX_LENGTH, pattern: NO_CYRILLIC.source };
      const password = { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH };
      for (const [method, path] of [
        ['post', '/api/admin/users'],
        ['patch', '/api/admin/user'],
      ]) {
        const partner = body(method, path).properties;
        expect(partner.email, path).toMatchObject(email);
        expect(partner.password, path).toMatchObject(password);
        expect(partner.worker, path).toMatchObject({ minLength: NAME_MIN_LENGTH });
      }
      expect(body('post', '/api/client/account/change-email').properties.email).toMatchObject(email);
      expect(body('post', '/api/client/account/change-password').properties.new_password).toMatchObject(
        password,
      );
      expect(body('post', '/api/auth/reset-password').properties.password).toMatchObject(password);
      expect(doc.components.schemas.SetCreate.properties.name.minLength).toBe(NAME_MIN_LENGTH);
      const pool = doc.components.schemas.BuildCreate.properties.fee_pools_configs.items.properties;
      expect(pool.worker.minLength).toBe(NAME_MIN_LENGTH);
      expect(pool.fee).toMatchObject({ minimum: FEE_MIN, maximum: FEE_MAX });
      expect(body('post', '/api/admin/user/fee').properties.min_dev_fee).toMatchObject({
        minimum: FEE_MIN,
        maximum: FEE_MAX,
      });
      expect(body('post', '/api/admin/catalogue/series').properties.name.maxLength).toBe(
        CATALOGUE_MAX.series,
      );
      expect(body('post', '/api/admin/catalogue/models').properties.name.maxLength).toBe(CATALOGUE_MAX.model);
      expect(body('post', '/api/admin/catalogue/platforms').properties.name.maxLength).toBe(
        CATALOGUE_MAX.code,
      );
      expect(body('post', '/api/admin/catalogue/licenses').properties.region.maxLength).toBe(
        CATALOGUE_MAX.label,
      );
      expect(JSON.stringify(doc)).not.toContain('x-bounds');
      // What the schema cannot state, the operations taking pools say (OpenAPI 3.0 has no minContains).
      for (const [method, path] of [
        ['post', '/api/client/firmware/firmwares'],
        ['patch', '/api/client/firmware/firmwares/{id}'],
        ['patch', '/api/client/firmware/firmwares/{id}/pool'],
        ['patch', '/api/admin/firmwares'],
        ['patch', '/api/admin/firmwares/pool'],
      ])
        expect(find(method, path).description, path).toContain('exactly one devfee entry');
      // The pool url's port is 1 to 65535, in the pattern itself.
      const url = new RegExp(pool.url.pattern, 'u');
      expect(url.test('stratum+tcp://pool.example.test:65535')).toBe(true);
      expect(url.test('stratum+tcp://pool.example.test:65536')).toBe(false);
      expect(url.test('stratum+tcp://pool.example.test:0')).toBe(false);
    });
  });
});
