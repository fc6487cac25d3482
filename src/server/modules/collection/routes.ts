// Collection page settings and the collection QR code (docs/product/collection.md#collection-link-screen,
// docs/product/collection.md#calls). Owner only. HTTP only; the rules live in service.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  collectionSettingsSchema,
  updateCollectionSettingsInputSchema,
} from '../../../shared/schemas/collection.js';
import { requirePaidBusiness, requirePaidBusinessId } from '../../plugins/access-guard.js';
import * as collectionService from './service.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

export const collectionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/collection-page-settings',
    { schema: { response: { 200: collectionSettingsSchema, ...errors } } },
    async (request) =>
      collectionService.getCollectionSettings(db, await requirePaidBusinessId(request)),
  );

  app.put(
    '/api/collection-page-settings',
    {
      schema: {
        body: updateCollectionSettingsInputSchema,
        response: { 200: collectionSettingsSchema, ...errors },
      },
    },
    async (request) =>
      collectionService.updateCollectionSettings(
        db,
        await requirePaidBusinessId(request),
        request.body,
      ),
  );

  app.get(
    '/api/business/qr-code.png',
    { schema: { response: { 200: z.custom<Buffer>(), ...errors } } },
    async (request, reply) => {
      const business = await requirePaidBusiness(request);
      const png = await collectionService.collectionQrCode(
        app.config.baseUrl,
        business.collectionSlug,
      );
      return reply
        .type('image/png')
        .header('cache-control', 'private, no-cache')
        .header('content-disposition', 'inline; filename="testimonial-qr-code.png"')
        .send(png);
    },
  );
};
