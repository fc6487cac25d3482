// The OpenAPI document and the API reference (plugins/openapi.ts): every
// route declares its schemas, the document is valid OpenAPI 3.1, and the
// reference page is served entirely by the server.
import { runInNewContext } from 'node:vm';
import { validate, compileErrors } from '@readme/openapi-parser';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appPages } from '../../shared/app-pages.js';
import { contractKey } from '../../shared/contract.js';
import { allContracts } from '../../shared/contracts/index.js';
import { sectionOf } from './openapi-sections.js';
import type { AppDeps } from '../app.js';
import type { sayJsonOnChanges } from './openapi.js';
import { createTestApp } from '../testing/test-app.js';

type Route = { key: string; schema: FastifySchema | undefined };

/** Options that collect the route table as the tenant matrix does ("METHOD /path", HEAD left out). */
function collectingRoutes(): { routes: Route[]; deps: Partial<AppDeps> } {
  const routes: Route[] = [];
  const deps: Partial<AppDeps> = {
    beforeRoutes: (root) =>
      root.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD')
            routes.push({ key: `${method} ${route.url}`, schema: route.schema });
        }
      }),
  };
  return { routes, deps };
}

/** A ready test app with `addRoutes` in a scope of its own; `deps` may collect its route table. */
function appWithProbes(addRoutes: (scope: FastifyInstance) => void, deps: Partial<AppDeps> = {}) {
  return createTestApp(
    {},
    {
      beforeRoutes: (root) => {
        deps.beforeRoutes?.(root);
        void root.register(async (scope) => addRoutes(scope));
      },
    },
  );
}

/**
 * Routes the plugins that serve files add, with no schema we could give them:
 * openapi-sections.ts documents them. Every route of ours declares its
 * schemas, response included, pages too.
 */
const NOT_API = new Set([
  'GET /*', // the client app's static files (@fastify/static)
  // The API reference (Swagger UI): its page, its own files and its copy of the document.
  'GET /docs/api',
  'GET /docs/api/static/*',
  'GET /docs/api/static/index.html',
  'GET /docs/api/static/swagger-initializer.js',
  'GET /docs/api/static/theme/vouchly.css',
  'GET /docs/api/static/theme/favicon.svg',
  'GET /docs/api/json',
  'GET /docs/api/yaml',
]);

/**
 * Routes in files owned elsewhere that still lack a response schema. Remove an
 * entry once its route declares one (the test fails until you do).
 */
/** Routes known to lack a response schema, until they get one (empty: every route has one). */
const AWAITING_SCHEMA = new Set<string>([]);

async function fetchDocument(app: FastifyInstance) {
  const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  return response;
}

/** The validator's document type (it also takes a file name, which is not wanted here). */
type ValidatorInput = Exclude<Parameters<typeof validate>[0], string>;

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
};
type Document = {
  openapi: string;
  tags: Array<{ name: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, unknown> };
};

/** API routes (not NOT_API) whose schema declares no response. */
const withoutResponse = (routes: Route[]) =>
  routes
    .filter(
      ({ key, schema }) => !NOT_API.has(key) && Object.keys(schema?.response ?? {}).length === 0,
    )
    .map(({ key }) => key);

describe('route schemas', () => {
  it('every API route declares a schema with its responses', async () => {
    const { routes, deps } = collectingRoutes();
    await createTestApp({}, deps);
    const keys = routes.map((route) => route.key);
    // The hook sees both scopes and the reference's own routes.
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/health',
        'PATCH /api/testimonials/:id',
        'GET /api/openapi.json',
        'GET /docs/api',
      ]),
    );

    const missing = withoutResponse(routes);
    expect(
      missing.filter((key) => !AWAITING_SCHEMA.has(key)),
      'routes without a response schema',
    ).toEqual([]);
    expect(
      [...AWAITING_SCHEMA].filter((key) => !missing.includes(key)),
      'AWAITING_SCHEMA entries that have one now',
    ).toEqual([]);
    expect(
      [...NOT_API].filter((key) => !keys.includes(key)),
      'NOT_API entries for routes that no longer exist',
    ).toEqual([]);
  });

  it('would catch a route added without a response schema', async () => {
    const { routes, deps } = collectingRoutes();
    await appWithProbes((scope) => {
      scope.get('/api/probe/no-schema', async () => ({ ok: true }));
      scope.post(
        '/api/probe/body-only',
        { schema: { body: z.object({ name: z.string() }) } },
        async () => ({ ok: true }),
      );
    }, deps);
    expect(withoutResponse(routes).filter((key) => !AWAITING_SCHEMA.has(key))).toEqual([
      'GET /api/probe/no-schema',
      'POST /api/probe/body-only',
    ]);
  });
});

/** The document's path of a route: `:name` is `{name}`, a wildcard is `{path}`. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');

/** Routes of the table ("METHOD /url") without an operation in the document. */
function undocumented(routes: Route[], paths: Document['paths']): string[] {
  return routes
    .map(({ key }) => key)
    .filter((key) => {
      const [method = '', url = ''] = key.split(' ');
      return paths[documentPath(url)]?.[method.toLowerCase()] === undefined;
    });
}

describe('the document and the route table', () => {
  it('has an operation for every route the server answers', async () => {
    const { routes, deps } = collectingRoutes();
    const app = await createTestApp({}, deps);
    const { paths } = (await fetchDocument(app)).json<Document>();
    expect(routes.length).toBeGreaterThan(50);
    expect(undocumented(routes, paths), 'routes missing from the OpenAPI document').toEqual([]);
  });

  it('lists every page of the app and the test checkout, the five routes issue 29 found missing among them', async () => {
    const app = await createTestApp();
    const { paths } = (await fetchDocument(app)).json<Document>();
    for (const path of Object.values(appPages)) {
      expect(paths[documentPath(path)]?.get?.tags, path).toEqual(['Pages']);
    }
    expect(paths['/api/test-checkout/{sessionId}']?.get).toBeDefined();
    expect(paths['/api/test-checkout/{sessionId}/pay']?.post).toBeDefined();
    expect(paths['/billing/receipts/{invoiceId}']?.get).toBeDefined();
    expect(paths['/api/billing/invoices/{invoiceId}/receipt.pdf']?.get).toBeDefined();
    expect(paths['/checkout/test/{sessionId}']?.get).toBeDefined();
    expect(paths['/wix/auth']?.get).toBeDefined();
  });

  it('would catch a route left out of the document', async () => {
    const { routes, deps } = collectingRoutes();
    const app = await appWithProbes((scope) => {
      // Past the document's transform, which never leaves a route out, `hide` still works.
      scope.get(
        '/api/probe/hidden',
        {
          schema: { hide: true, response: { 200: z.object({ ok: z.boolean() }) } },
          config: { swaggerTransform: false },
        },
        async () => ({ ok: true }),
      );
    }, deps);
    const { paths } = (await fetchDocument(app)).json<Document>();
    expect(undocumented(routes, paths)).toContain('GET /api/probe/hidden');
  });
});

describe('GET /api/openapi.json', () => {
  it('answers a valid OpenAPI 3.1 document, cacheable for a short time', async () => {
    const app = await createTestApp({ productName: 'Vouchly', baseUrl: 'https://vouchly.example' });
    const response = await fetchDocument(app);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    expect(response.headers['set-cookie']).toBeUndefined();

    const document = response.json<Document>();
    expect(document.openapi).toBe('3.1.0');
    expect(response.json()).toMatchObject({
      info: { title: 'Vouchly API', version: '1' },
      servers: [{ url: 'https://vouchly.example' }],
      components: {
        securitySchemes: {
          apiKey: { type: 'http', scheme: 'bearer' },
          session: { type: 'apiKey', in: 'cookie', name: 'vouchly.sid' },
        },
      },
    });
    // The public API first.
    expect(document.tags.map((tag) => tag.name)).toEqual([
      'Public API v1',
      'Public widget',
      'Files',
      'Webhooks',
      'API reference',
      'Pages',
      'App (session)',
    ]);

    const result = await validate(response.json<ValidatorInput>());
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it('fails validation for a broken document (the validator is not a no-op)', async () => {
    const app = await createTestApp();
    const broken = (await fetchDocument(app)).json<Document>();
    broken.paths['/api/health'] = { get: { responses: { 200: { description: 1 } } } } as never;
    expect((await validate(broken as unknown as ValidatorInput)).valid).toBe(false);
  });

  it('gives every operation one known tag and a described body', async () => {
    const app = await createTestApp();
    const document = (await fetchDocument(app)).json<Document>();
    const tags = new Set(document.tags.map((tag) => tag.name));
    const bare: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags?.length, `${method} ${path} tags`).toBe(1);
        expect(
          tags.has(operation.tags?.[0] ?? ''),
          `${method} ${path} tag ${operation.tags?.[0]}`,
        ).toBe(true);
        for (const [status, answer] of Object.entries(operation.responses)) {
          for (const [type, media] of Object.entries(answer.content ?? {})) {
            // `z.custom` turns into {}: such a body must be described in openapi-sections.ts.
            if (Object.keys(media.schema ?? {}).length === 0)
              bare.push(`${method} ${path} ${status} ${type}`);
          }
        }
      }
    }
    expect(bare, 'bodies the document says nothing about').toEqual([]);

    // A wildcard is a named parameter, as OpenAPI wants.
    expect(Object.keys(document.paths).filter((path) => path.includes('*'))).toEqual([]);
    expect(document.paths['/{path}']?.get?.parameters).toEqual([
      expect.objectContaining({ name: 'path', in: 'path', required: true }),
    ]);
  });

  it('documents every contract: its summary, its section and the security its access gives', async () => {
    const app = await createTestApp();
    const { paths } = (await fetchDocument(app)).json<Document>();
    const wrong: string[] = [];
    for (const contract of allContracts) {
      const key = contractKey(contract);
      const operation = paths[documentPath(contract.path)]?.[contract.method.toLowerCase()];
      const section = sectionOf(contract.method, contract.path);
      if (!operation || !section) {
        wrong.push(`${key}: not in the document`);
        continue;
      }
      if (operation.summary !== contract.summary) wrong.push(`${key}: summary`);
      if (operation.tags?.[0] !== section.tag) wrong.push(`${key}: tag ${operation.tags?.[0]}`);
      if (JSON.stringify(operation.security) !== JSON.stringify(section.security))
        wrong.push(`${key}: security ${JSON.stringify(operation.security)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents the security of each section', async () => {
    const app = await createTestApp();
    const { paths } = (await fetchDocument(app)).json<Document>();
    expect(paths['/api/v1/testimonials']?.get?.security).toEqual([{ apiKey: [] }]);
    expect(paths['/api/testimonials']?.get?.security).toEqual([{ session: [] }]);
    expect(paths['/api/login']?.post?.security).toEqual([]);
    // The public form's photo uploads work with the collection slug instead of a session; the logo's does not.
    expect(paths['/api/objects/upload/product-image']?.post?.security).toEqual([
      { session: [] },
      {},
    ]);
    expect(paths['/api/objects/upload']?.post?.security).toEqual([{ session: [] }]);
    expect(paths['/api/widget/{slug}']?.get?.security).toBeUndefined();
    expect(paths['/api/stripe/webhook']?.post?.tags).toEqual(['Webhooks']);
    // The test checkout's pages need a session; the app's other pages are the app for anyone.
    expect(paths['/checkout/test/{sessionId}']?.get?.security).toEqual([{ session: [] }]);
    expect(paths['/billing/receipts/{invoiceId}']?.get?.security).toEqual([{ session: [] }]);
    expect(paths['/api/test-checkout/{sessionId}']?.get?.security).toEqual([{ session: [] }]);
    expect(paths['/wix/auth']?.get?.security).toBeUndefined();
    expect(paths['/wix/auth']?.get?.tags).toEqual(['Pages']);
  });

  // The lead extends this table with the public API v1 paths.
  it.each([
    { path: '/api/widget/{slug}', method: 'get', tag: 'Public widget' },
    { path: '/wix/widget', method: 'get', tag: 'Public widget' },
    { path: '/embed/{slug}', method: 'get', tag: 'Public widget' },
    { path: '/widget.js', method: 'get', tag: 'Public widget' },
    { path: '/embed-count.js', method: 'get', tag: 'Public widget' },
    { path: '/api/v1/testimonials', method: 'get', tag: 'Public API v1' },
    { path: '/api/v1/testimonials', method: 'post', tag: 'Public API v1' },
    { path: '/api/v1/testimonials/{id}', method: 'get', tag: 'Public API v1' },
    { path: '/api/v1/widget', method: 'get', tag: 'Public API v1' },
    { path: '/api/integrations/api-key', method: 'post', tag: 'App (session)' },
    { path: '/api/wix/connect', method: 'post', tag: 'App (session)' },
  ])('lists $method $path under "$tag"', async ({ path, method, tag }) => {
    const app = await createTestApp();
    const { paths } = (await fetchDocument(app)).json<Document>();
    expect(paths[path]?.[method]?.tags).toEqual([tag]);
  });

  it('describes the widget JSON as a PublicWidget, though the route sends cached bytes', async () => {
    const app = await createTestApp();
    const { paths, components } = (await fetchDocument(app)).json<Document>();
    for (const path of ['/api/widget/{slug}', '/wix/widget']) {
      const ok = paths[path]?.get?.responses['200'];
      expect(ok?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/PublicWidget',
      });
      expect(paths[path]?.get?.responses['304']?.content).toBeUndefined();
      expect(paths[path]?.get?.responses['4XX']?.content?.['application/json']?.schema).toEqual({
        $ref: '#/components/schemas/ApiError',
      });
    }
    expect(components.schemas.PublicWidget).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['business', 'testimonials']),
    });
    // Only the components the document uses (no `ApiErrorInput` twin).
    expect(Object.keys(components.schemas).filter((name) => name.endsWith('Input'))).toEqual([]);
  });
  it('describes an import body as the CSV or JSON file it is', async () => {
    const app = await createTestApp();
    const { paths } = (await fetchDocument(app)).json<Document>();
    for (const path of ['/api/imports', '/api/v1/imports']) {
      const body = (paths[path]?.post as { requestBody?: { content: object } } | undefined)
        ?.requestBody;
      expect(Object.keys(body?.content ?? {}), path).toEqual(['text/csv', 'application/json']);
    }
  });

  it('documents a route outside every section without a tag, which the test above refuses', async () => {
    const app = await appWithProbes((scope) => {
      scope.get(
        '/probe/elsewhere',
        { schema: { response: { 200: z.object({ ok: z.boolean() }) } } },
        async () => ({ ok: true }),
      );
    });
    const { paths } = (await fetchDocument(app)).json<Document>();
    expect(paths['/probe/elsewhere']?.get?.tags).toBeUndefined();
  });
});

describe('GET /docs/api', () => {
  it('answers the reference page, every file of which the server serves itself', async () => {
    const app = await createTestApp();
    const page = await app.inject({ method: 'GET', url: '/docs/api' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<title>Vouchly API reference</title>');
    // Nothing is loaded from another host.
    expect(page.body).not.toMatch(/(?:https?:)?\/\/[a-z0-9.-]+/i);

    const assets = [...page.body.matchAll(/\s(?:src|href)="([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
    expect(assets).toEqual(
      expect.arrayContaining([
        '/docs/api/static/swagger-ui-bundle.js',
        '/docs/api/static/swagger-ui.css',
      ]),
    );
    for (const asset of assets) {
      expect(asset, 'a same-origin absolute path').toMatch(/^\/[^/]/);
      const response = await app.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['set-cookie'], asset).toBeUndefined();
    }
  });

  it('fits a phone: the page has a viewport meta, also with and without the trailing slash', async () => {
    const app = await createTestApp();
    for (const url of ['/docs/api', '/docs/api/']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toContain(
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
      );
      expect(page.body.match(/name="viewport"/g), url).toHaveLength(1);
    }
  });

  it('points Swagger UI at /api/openapi.json, with deep links', async () => {
    const app = await createTestApp();
    const initializer = await app.inject({
      method: 'GET',
      url: '/docs/api/static/swagger-initializer.js',
    });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('"url":"/api/openapi.json"');
    expect(initializer.body).toContain('"deepLinking":true');
    expect(initializer.body).toContain('validatorUrl: null');
  });

  it("makes Try it out's changes say JSON, as the session's Origin and JSON check wants", async () => {
    const app = await createTestApp();
    const initializer = await app.inject({
      method: 'GET',
      url: '/docs/api/static/swagger-initializer.js',
    });
    const source = /"requestInterceptor":(function[\s\S]*?\n\})/.exec(initializer.body)?.[1];
    expect(source, 'the interceptor in the page script').toBeDefined();
    // Run from its source text alone, in a context of its own, as the browser does.
    const intercept = runInNewContext(`(${source})`) as typeof sayJsonOnChanges;
    expect(intercept({ method: 'POST', headers: {} }).headers).toEqual({
      'Content-Type': 'application/json',
    });
    expect(intercept({ method: 'delete', headers: { accept: '*/*' } }).headers).toEqual({
      accept: '*/*',
      'Content-Type': 'application/json',
    });
    expect(
      intercept({ method: 'POST', headers: { 'content-type': 'application/json' } }).headers,
    ).toEqual({
      'content-type': 'application/json',
    });
    expect(intercept({ method: 'GET', headers: {} }).headers).toEqual({});
  });
});
