// Moderation endpoints (docs/product/testimonials.md#calls): list, stats, edit, delete, bulk actions,
// export and bursts; the image calls are in image-routes.ts. Each is declared
// in shared/contracts/testimonials.ts. HTTP only; the rules live in service.ts
// and images.ts. Every route acts on the paying owner's business.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/testimonials.js';
import { route } from '../../plugins/contract-route.js';
import { exportFilename, exportStream, type ExportFormat } from './export.js';
import { imageRoutes } from './image-routes.js';
import * as testimonialService from './service.js';

const exportContentTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

const exportContracts = {
  csv: contracts.exportTestimonialsCsv,
  json: contracts.exportTestimonialsJson,
} as const;

export const testimonialRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.listTestimonials, ({ deps, caller, query }) =>
    testimonialService.listTestimonials(deps, caller.business.id, query),
  );

  route(app, contracts.getTestimonialStats, ({ deps, caller }) =>
    testimonialService.getStats(deps, caller.business.id),
  );

  for (const format of ['csv', 'json'] as const) {
    // The file is streamed (never one 10,000-row string), so it bypasses the serializer.
    route(app, exportContracts[format], ({ deps, caller, reply }) => {
      void reply
        .header('content-type', exportContentTypes[format])
        .header(
          'content-disposition',
          `attachment; filename="${exportFilename(format, deps.clock())}"`,
        )
        .header('cache-control', 'no-store');
      return reply.send(exportStream(deps, caller.business.id, format));
    });
  }

  route(app, contracts.updateTestimonial, ({ deps, caller, params, body }) =>
    testimonialService.updateTestimonial(deps, caller.business.id, params.id, body),
  );

  route(app, contracts.deleteTestimonial, async ({ deps, caller, params }) => {
    await testimonialService.deleteTestimonial(deps, caller.business.id, params.id);
    return { deleted: 1 as const };
  });

  route(app, contracts.bulkTestimonials, ({ deps, caller, body }) =>
    testimonialService.bulkAction(deps, caller.business.id, body),
  );

  // Bursts of submissions to the owner's form (docs/decisions/0022): the notice, and deleting a burst's pending rows.
  route(app, contracts.listSubmissionBursts, async ({ deps, caller, reply }) => {
    const bursts = await testimonialService.listBursts(deps, caller.business.id);
    // The owner's own data (docs/security.md rule 31).
    void reply.header('cache-control', 'no-store');
    return { bursts };
  });

  route(app, contracts.deleteBurstPending, async ({ deps, caller, params }) => ({
    deleted: await testimonialService.deletePendingOfBurst(deps, caller.business.id, params.id),
  }));

  await app.register(imageRoutes);
};
