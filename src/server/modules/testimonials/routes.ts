// Moderation endpoints (docs/product/testimonials.md#calls): list, stats, edit, delete, bulk actions,
// export and the image calls. HTTP only; the rules live in service.ts and
// images.ts. Every route acts on the signed-in owner's business.
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  bulkTestimonialsInputSchema,
  bulkTestimonialsResultSchema,
  deleteBurstPendingResultSchema,
  submissionBurstListSchema,
  submissionBurstParamsSchema,
  listTestimonialsQuerySchema,
  testimonialListSchema,
  testimonialParamsSchema,
  testimonialSchema,
  testimonialStatsSchema,
  updateTestimonialInputSchema,
} from '../../../shared/schemas/testimonials.js';
import { requirePaidBusinessId } from '../../plugins/access-guard.js';
import { exportFilename, exportStream, type ExportFormat } from './export.js';
import { imageRoutes } from './image-routes.js';
import * as testimonialService from './service.js';
import { depsOf } from '../../deps.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

export const testimonialRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/testimonials',
    { schema: { querystring: listTestimonialsQuerySchema, response: { 200: testimonialListSchema, ...errors } } },
    async (request) => testimonialService.listTestimonials(db, await requirePaidBusinessId(request), request.query),
  );

  app.get(
    '/api/testimonials/stats',
    { schema: { response: { 200: testimonialStatsSchema, ...errors } } },
    async (request) => testimonialService.getStats(db, await requirePaidBusinessId(request)),
  );

  for (const format of ['csv', 'json'] as const) {
    app.get(
      `/api/testimonials/export.${format}`,
      // The file is streamed (never one 10,000-row string), so it bypasses the serializer.
      { schema: { response: { 200: z.custom<Readable>(), ...errors } } },
      async (request, reply) => {
        const businessId = await requirePaidBusinessId(request);
        void reply
          .header('content-type', exportContentTypes[format])
          .header('content-disposition', `attachment; filename="${exportFilename(format)}"`)
          .header('cache-control', 'no-store');
        return reply.send(exportStream(db, businessId, format));
      },
    );
  }

  app.patch(
    '/api/testimonials/:id',
    {
      schema: {
        params: testimonialParamsSchema,
        body: updateTestimonialInputSchema,
        response: { 200: testimonialSchema, ...errors },
      },
    },
    async (request) => {
      const businessId = await requirePaidBusinessId(request);
      return testimonialService.updateTestimonial(depsOf(app), businessId, request.params.id, request.body);
    },
  );

  app.delete(
    '/api/testimonials/:id',
    { schema: { params: testimonialParamsSchema, response: { 200: z.object({ deleted: z.literal(1) }), ...errors } } },
    async (request) => {
      const businessId = await requirePaidBusinessId(request);
      await testimonialService.deleteTestimonial(depsOf(app), businessId, request.params.id);
      return { deleted: 1 as const };
    },
  );

  app.post(
    '/api/testimonials/bulk',
    { schema: { body: bulkTestimonialsInputSchema, response: { 200: bulkTestimonialsResultSchema, ...errors } } },
    async (request) => {
      const businessId = await requirePaidBusinessId(request);
      return testimonialService.bulkAction(depsOf(app), businessId, request.body);
    },
  );

  // Bursts of submissions to the owner's form (docs/decisions/0022): the notice, and deleting a burst's pending rows.
  app.get(
    '/api/testimonials/bursts',
    { schema: { response: { 200: submissionBurstListSchema, ...errors } } },
    async (request, reply) => {
      const bursts = await testimonialService.listBursts(db, await requirePaidBusinessId(request), new Date());
      // The owner's own data (docs/security.md rule 31).
      void reply.header('cache-control', 'no-store');
      return { bursts };
    },
  );

  app.delete(
    '/api/testimonials/bursts/:id/pending',
    { schema: { params: submissionBurstParamsSchema, response: { 200: deleteBurstPendingResultSchema, ...errors } } },
    async (request) => {
      const businessId = await requirePaidBusinessId(request);
      return { deleted: await testimonialService.deletePendingOfBurst(depsOf(app), businessId, request.params.id) };
    },
  );

  await app.register(imageRoutes);
};
