// Image calls of a testimonial (docs/product/testimonials.md#calls). HTTP only; the rules live in images.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  authorImageInputSchema,
  authorImageResultSchema,
  beforeAfterImagesInputSchema,
  beforeAfterImagesResultSchema,
  productImagesInputSchema,
  productImagesResultSchema,
  removeProductImageInputSchema,
  testimonialParamsSchema,
} from '../../../shared/schemas/testimonials.js';
import { requirePaidBusinessId } from '../../plugins/access-guard.js';
import * as images from './images.js';
import { depsOf } from '../../deps.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = depsOf(app);

  app.put(
    '/api/testimonials/:id/author-image',
    {
      schema: {
        params: testimonialParamsSchema,
        body: authorImageInputSchema,
        response: { 200: authorImageResultSchema, ...errors },
      },
    },
    async (request) =>
      images.setAuthorImage(ctx, await requirePaidBusinessId(request), request.params.id, request.body.authorImageURL),
  );

  app.put(
    '/api/testimonials/:id/product-images',
    {
      schema: {
        params: testimonialParamsSchema,
        body: productImagesInputSchema,
        response: { 200: productImagesResultSchema, ...errors },
      },
    },
    async (request) =>
      images.addProductImages(ctx, await requirePaidBusinessId(request), request.params.id, request.body.productImageURLs),
  );

  app.delete(
    '/api/testimonials/:id/product-images',
    {
      schema: {
        params: testimonialParamsSchema,
        body: removeProductImageInputSchema,
        response: { 200: productImagesResultSchema, ...errors },
      },
    },
    async (request) =>
      images.removeProductImage(ctx, await requirePaidBusinessId(request), request.params.id, request.body.imageUrl),
  );

  app.put(
    '/api/testimonials/:id/before-after-images',
    {
      schema: {
        params: testimonialParamsSchema,
        body: beforeAfterImagesInputSchema,
        response: { 200: beforeAfterImagesResultSchema, ...errors },
      },
    },
    async (request) =>
      images.setBeforeAfterImages(ctx, await requirePaidBusinessId(request), request.params.id, request.body),
  );
};
