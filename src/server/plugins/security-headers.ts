// docs/security.md rule 12: CSP, nosniff, Referrer-Policy and HSTS (only when served over https).
// Registered on the root, so both scopes of app.ts send them; the public widget
// routes opt out with `helmet: false` and set their own fixed headers.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Paths meant to be loaded by other sites (the widget script, its data, uploaded images). */
function isCrossOriginResource(url: string): boolean {
  return (
    url === '/widget.js' ||
    url.startsWith('/widget.js?') ||
    url.startsWith('/api/widget/') ||
    url.startsWith('/objects/') ||
    url.startsWith('/embed/')
  );
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: { baseUrl: string },
  /** Inline scripts allowed by hash: the theme script of the rendered pages (public-pages.ts). */
  scriptHashes: string[] = [],
): Promise<void> {
  const isHttps = config.baseUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...scriptHashes],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        fontSrc: ["'self'", 'https://fonts.gstatic.com', 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        // Uploads too go to our own origin, whatever the storage (docs/decisions/0005-uploads.md).
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    hsts: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
  // Callback style, like the other hooks every request runs: no promise per request.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isCrossOriginResource(request.url)) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
    done(null, payload);
  });
}
