// SECURITY.md §12: CSP, nosniff, Referrer-Policy and HSTS (only when served over https).
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Paths meant to be loaded by other sites (the widget script, its data, uploaded images). */
export function isCrossOriginResource(url: string): boolean {
  return (
    url === '/widget.js' ||
    url.startsWith('/widget.js?') ||
    url.startsWith('/api/widget/') ||
    url.startsWith('/objects/') ||
    url.startsWith('/embed/')
  );
}

export async function registerSecurityHeaders(app: FastifyInstance, baseUrl: string): Promise<void> {
  const isHttps = baseUrl.startsWith('https:');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
        fontSrc: ["'self'", 'https://fonts.gstatic.com', 'data:'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
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
  app.addHook('onSend', async (request, reply) => {
    if (isCrossOriginResource(request.url)) {
      reply.header('cross-origin-resource-policy', 'cross-origin');
    }
  });
}
