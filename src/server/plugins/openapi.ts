// The OpenAPI 3.1 document of the server, generated from the Zod schemas the
// routes already declare (@fastify/swagger with fastify-type-provider-zod's
// transform), answered at GET /api/openapi.json, and its readable reference at
// GET /docs/api (Swagger UI, whose files come from node_modules: no CDN).
// Registered on the root before any route, so swagger's onRoute hook sees the
// routes of both scopes of app.ts. Every route is in the document, whatever
// its schema says about `hide` (Swagger UI's and @fastify/static's do):
// openapi.integration.test.ts compares it with the route table. The summary,
// tag, security and the description of bodies that are not JSON come from
// each endpoint's contract (openapi-sections.ts), so no route file carries
// documentation.
import fastifySwagger, {
  type SwaggerTransform,
  type SwaggerTransformObject,
} from '@fastify/swagger';
import fastifySwaggerUi, { type FastifySwaggerUiOptions } from '@fastify/swagger-ui';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import {
  createJsonSchemaTransform,
  createJsonSchemaTransformObject,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_API_RATE_LIMIT_PER_MINUTE } from '../../shared/constants.js';
import { contractByKey } from '../../shared/contracts/index.js';
import { getOpenApiDocument } from '../../shared/contracts/reference.js';
import { apiErrorSchema } from '../../shared/schemas/api-error.js';
import {
  API_KEY_PREFIX,
  apiTestimonialSchema,
  apiWidgetSchema,
} from '../../shared/schemas/integrations.js';
import { testimonialSchema } from '../../shared/schemas/testimonials.js';
import { publicWidgetSchema } from '../../shared/schemas/widget.js';
import type { Config } from '../config.js';
import { route } from './contract-route.js';
import { openApiSections, RESPONSE_DESCRIPTIONS, sectionOf } from './openapi-sections.js';
import { SESSION_COOKIE } from './sessions.js';

const OPENAPI_PATH = getOpenApiDocument.path;
const API_REFERENCE_PATH = '/docs/api';

/** A new deployment's document is fetched again soon; tools polling it do not hammer the server. */
const DOCUMENT_CACHE_CONTROL = 'public, max-age=300';

// Named components: the document refers to them instead of repeating them in
// every operation. fastify-type-provider-zod reads ids from Zod's global
// registry (where `.describe()` and `.meta()` also land), so they are added
// there; guarded, because the registry refuses an id twice.
const components: Array<[z.ZodType, { id: string; description: string }]> = [
  [apiErrorSchema, { id: 'ApiError', description: 'The one error shape of every failing call.' }],
  [
    publicWidgetSchema,
    {
      id: 'PublicWidget',
      description: 'What a widget shows: approved testimonials only, never an email.',
    },
  ],
  [testimonialSchema, { id: 'Testimonial', description: 'A testimonial as its owner sees it.' }],
  [
    apiTestimonialSchema,
    {
      id: 'ApiTestimonial',
      description: 'A testimonial as the API v1 answers it: every image an absolute URL.',
    },
  ],
  [
    apiWidgetSchema,
    {
      id: 'ApiWidget',
      description:
        'The public widget as the API v1 answers it: the logo and every image an absolute URL.',
    },
  ],
];
for (const [schema, meta] of components) {
  if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, meta);
}

export async function registerOpenApi(app: FastifyInstance, config: Config): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  const zodTransformObject = createJsonSchemaTransformObject({});

  const transform: SwaggerTransform = (input) => {
    const method = [input.route.method].flat().find((m) => m !== 'HEAD') ?? 'GET';
    // Swagger UI adds its page with and without the trailing slash: one path.
    const url = input.url.replace(/(.)\/$/, '$1');
    // A route registered without a schema (a plugin's own) has none, whatever the types say.
    const { hide: _hidden, ...declared } = (input.schema as typeof input.schema | undefined) ?? {};
    const section = sectionOf(method, url);
    const contract = contractByKey.get(`${method} ${url}`);
    const documented = contract?.document;
    const schema = {
      ...declared,
      ...documented,
      response: { ...(declared.response as object | undefined), ...documented?.response },
    };
    const result = zodTransform({ ...input, url, schema });
    return {
      // Fastify's wildcard is named `*`; the document calls it `path` (the contract's `document` declares it).
      url: result.url.replace(/\*$/, ':path'),
      schema: {
        ...result.schema,
        ...(contract ? { summary: contract.summary } : {}),
        ...(section ? { tags: [section.tag] } : {}),
        ...(section?.security ? { security: section.security } : {}),
        response: describeResponses(result.schema.response),
      },
    };
  };

  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.productName} API`,
        version: '1',
        description: documentDescription(config.productName),
      },
      servers: [{ url: config.baseUrl }],
      tags: openApiSections.map(({ tag, description }) => ({ name: tag, description })),
      components: {
        securitySchemes: {
          apiKey: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: `${API_KEY_PREFIX}…`,
            description: `The API key made on the Integrations screen: \`Authorization: Bearer ${API_KEY_PREFIX}…\`.`,
          },
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              "The session cookie set by `POST /api/login`: the app's own pages send it.",
          },
        },
      },
    },
    // BASE_URL may carry a path (behind a proxy); the routes never do.
    stripBasePath: false,
    transform,
    transformObject: (document) => withoutUnusedComponents(zodTransformObject(document)),
  });

  // Not awaited: the routes below are added with the app's own routes, after
  // app.ts's `beforeRoutes`, so the route table of the tests sees them too.
  void app.register(documentationRoutes, { productName: config.productName });
}

/**
 * "Try it out" runs on our origin, so the browser sends the session cookie
 * along, and a change with the cookie must say JSON even without a body
 * (plugins/csrf.ts). The UI's script gets this function as its source text:
 * it must use nothing from outside itself.
 */
export function sayJsonOnChanges<T extends { method?: string; headers?: Record<string, string> }>(
  request: T,
): T {
  const method = (request.method ?? 'GET').toUpperCase();
  const headers = request.headers ?? {};
  const typed = Object.keys(headers).some((name) => name.toLowerCase() === 'content-type');
  if (method !== 'GET' && method !== 'HEAD' && !typed)
    request.headers = { ...headers, 'Content-Type': 'application/json' };
  return request;
}

const documentationRoutes: FastifyPluginAsync<{ productName: string }> = async (
  app,
  { productName },
) => {
  let document: string | undefined;
  route(app, getOpenApiDocument, ({ reply }) => {
    // Built once, on the first request after ready(): the routes do not change afterwards.
    document ??= JSON.stringify(app.swagger());
    // A string with a JSON content type is sent as is (no second serialization).
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', DOCUMENT_CACHE_CONTROL)
      .send(document);
  });

  await app.register(swaggerUiForPhones, {
    routePrefix: API_REFERENCE_PATH,
    uiConfig: {
      // The plugin points the UI at its own copy (/docs/api/json); `urls` wins over it,
      // and the definition picker that lists them is hidden by the theme below.
      urls: [{ url: OPENAPI_PATH, name: `${productName} API` }],
      deepLinking: true,
      displayRequestDuration: true,
      defaultModelsExpandDepth: 0,
      requestInterceptor: sayJsonOnChanges,
    },
    // The app's own CSP (plugins/security-headers.ts) already allows what the
    // page needs: every script and style from 'self', the logo as data:.
    staticCSP: false,
    logo: { type: 'image/svg+xml', content: Buffer.from(LOGO_SVG) },
    theme: {
      title: `${productName} API reference`,
      css: [{ filename: 'vouchly.css', content: themeCss(productName) }],
      favicon: [
        {
          filename: 'favicon.svg',
          rel: 'icon',
          sizes: 'any',
          type: 'image/svg+xml',
          content: Buffer.from(LOGO_SVG),
        },
      ],
    },
  });
};

/** Swagger UI's page has no viewport meta, so a phone draws it at desktop width, shrunk. */
const VIEWPORT_META = '<meta name="viewport" content="width=device-width, initial-scale=1">';

/**
 * @fastify/swagger-ui, with the viewport meta put in its one HTML page (it has
 * no option for the head). The hook is this scope's, so it sees only the
 * reference's answers, before @fastify/compress's per-route hook compresses them.
 */
const swaggerUiForPhones: FastifyPluginAsync<FastifySwaggerUiOptions> = async (scope, options) => {
  scope.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('text/html') || typeof payload !== 'string') return payload;
    return payload.replace(/<meta charset="UTF-8">/i, (charset) => `${charset}\n${VIEWPORT_META}`);
  });
  await scope.register(fastifySwaggerUi, options);
};

/**
 * A description on every response (swagger's own is "Default Response"), kept
 * out of the body's schema: a JSON body is put in the `content` form.
 */
function describeResponses(response: unknown): Record<string, unknown> | undefined {
  if (!response || typeof response !== 'object') return undefined;
  return Object.fromEntries(
    Object.entries(response as Record<string, Record<string, unknown>>).map(([status, answer]) => {
      if ('content' in answer) return [status, answer];
      const description = RESPONSE_DESCRIPTIONS[status] ?? 'Answer';
      // No body (304, a redirect): swagger leaves out the content of a `null` schema.
      if (answer.type === 'null') {
        const own = typeof answer.description === 'string' ? answer.description : description;
        return [status, { ...answer, description: own }];
      }
      return [status, { description, content: { 'application/json': { schema: answer } } }];
    }),
  );
}

type DocumentObject = ReturnType<SwaggerTransformObject>;
type WithComponents = { paths?: unknown; components?: { schemas?: Record<string, unknown> } };

/**
 * The Zod transform emits every registered component twice (an input and an
 * output form, e.g. `ApiErrorInput`); keep those the document refers to.
 */
function withoutUnusedComponents(document: DocumentObject): DocumentObject {
  const { paths, components } = document as WithComponents;
  const schemas = components?.schemas ?? {};
  const refsIn = (value: unknown) =>
    [...JSON.stringify(value ?? null).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (match) => match[1] as string,
    );
  const used = new Set<string>();
  const queue = refsIn(paths);
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (used.has(name)) continue;
    used.add(name);
    queue.push(...refsIn(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...document, components: { ...components, schemas: kept } } as DocumentObject;
}

function documentDescription(productName: string): string {
  return [
    `Everything ${productName}'s server answers, generated from the schemas its routes validate with.`,
    '',
    `**Public API v1** (\`/api/v1\`): read and import testimonials of your business and read its widget data.`,
    `Send the API key from the Integrations screen as \`Authorization: Bearer ${API_KEY_PREFIX}…\`;`,
    `${PUBLIC_API_RATE_LIMIT_PER_MINUTE} requests a minute per key (\`RateLimit-Limit\`, \`RateLimit-Remaining\`,`,
    '`RateLimit-Reset` on every answer, `429` with `Retry-After` beyond). Keys stay on your server: no cookies, no CORS.',
    '',
    '**Public widget**: the JSON and pages the embeddable widget loads. No key, CORS-open, cached with an ETag.',
    '',
    '**App (session)**: the API of the app itself, for its own pages (session cookie, same origin).',
    'It may change with the app; integrations should use the Public API v1.',
    '',
    'Every failure answers `{ "error": { "code", "message", "details"? } }`.',
  ].join('\n');
}

/** The app's mark (src/client/public/favicon.svg), for the top bar and the tab. */
const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#2563EB"/>' +
  '<path d="M9 16.5l4.5 4.5L23 11.5" fill="none" stroke="#fff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/></svg>';

function themeCss(productName: string): string {
  return `
/* One document: no definition picker or "Explore" bar in the top bar; the logo, a title and the dark mode toggle stay. */
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .topbar { background: #111827; padding: 8px 0; }
.swagger-ui .topbar-wrapper img { height: 32px; width: 32px; }
.swagger-ui .topbar-wrapper a.link::after {
  content: ${JSON.stringify(`${productName} API reference`)};
  color: #f9fafb; font-family: sans-serif; font-size: 18px; font-weight: 600; margin-left: 12px;
}
.swagger-ui .topbar .dark-mode-toggle { margin-left: auto; }
.swagger-ui .info { margin: 32px 0; }
/* Swagger UI darkens its own box; the page around it follows. */
html.dark-mode body { background: #1c2022; }
/*
 * Phones (the page has a viewport meta): less padding around the boxes, a
 * section's description under its name, no "Links" column (no operation has
 * links), and examples scroll sideways instead of breaking names mid-word.
 */
@media (max-width: 640px) {
  .swagger-ui .wrapper { padding: 0 12px; }
  .swagger-ui .opblock-tag { flex-wrap: wrap; padding: 10px 0; }
  .swagger-ui .opblock-tag small { order: 3; flex: 1 0 100%; padding: 4px 0 0; }
  .swagger-ui .opblock .opblock-section-header, .swagger-ui .responses-inner { padding: 12px; }
  .swagger-ui .response-col_links { display: none; }
  .swagger-ui .highlight-code > .microlight code { white-space: pre !important; word-break: normal; }
}
`;
}
