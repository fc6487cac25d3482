// Image calls of a testimonial (docs/product/testimonials.md#calls), declared in
// shared/contracts/testimonials.ts. HTTP only; the rules live in images.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/testimonials.js';
import { route } from '../../plugins/contract-route.js';
import * as images from './images.js';

export const imageRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.setAuthorImage, ({ deps, caller, params, body }) =>
    images.setAuthorImage(deps, caller.business.id, params.id, body.authorImageURL),
  );

  route(app, contracts.addProductImages, ({ deps, caller, params, body }) =>
    images.addProductImages(deps, caller.business.id, params.id, body.productImageURLs),
  );

  route(app, contracts.removeProductImage, ({ deps, caller, params, body }) =>
    images.removeProductImage(deps, caller.business.id, params.id, body.imageUrl),
  );

  route(app, contracts.setBeforeAfterImages, ({ deps, caller, params, body }) =>
    images.setBeforeAfterImages(deps, caller.business.id, params.id, body),
  );
};
