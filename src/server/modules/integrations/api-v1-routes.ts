// The public API v1 (docs/product/integrations.md#public-api-v1): what an API key opens, scoped
// to the key owner's business. Public scope of app.ts: no session, no cookie,
// and no CORS headers (a key does not belong in a browser). Each endpoint is
// declared in shared/contracts/integrations.ts with the `apiKey` access, so
// route() runs apiKeyAuth first (plugins/api-key-auth.ts: 401, 429, RateLimit-*
// headers), then the paid-access check of the key's owner.
// HTTP only: the rules live in the testimonials and widget services.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/integrations.js';
import { route } from '../../plugins/contract-route.js';
import { keepAnswersOutOfCaches } from '../../plugins/no-store.js';
import * as testimonialService from '../testimonials/service.js';
import * as widgetService from '../widget/service.js';

export const apiV1Routes: FastifyPluginAsync = async (app) => {
  // Owner data, fetched with a secret.
  keepAnswersOutOfCaches(app);

  route(app, contracts.listApiTestimonials, ({ deps, caller, query }) =>
    testimonialService.listTestimonialPage(deps, caller.business.id, query),
  );

  route(app, contracts.getApiTestimonial, ({ deps, caller, params }) =>
    testimonialService.getTestimonial(deps, caller.business.id, params.id),
  );

  route(app, contracts.importApiTestimonial, ({ deps, caller, body }) =>
    testimonialService.importTestimonial(deps, caller.business.id, body),
  );

  route(app, contracts.getApiWidget, async ({ deps, caller }) => {
    const found = await widgetService.getPublicWidget(deps, caller.business.collectionSlug);
    // The business was just read; it can only be gone if it was deleted since.
    if (!found) throw new Error('the caller business has no public widget');
    return widgetService.withAbsoluteWidgetImages(found.widget, deps.config.baseUrl);
  });
};
