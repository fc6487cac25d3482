// Widget settings of the owner's business (docs/product/widget.md#calls). GET reads them, PUT is the
// quick "Show business name in widget" toggle from the testimonial edit dialog,
// POST saves the full settings form. /api/widget-snippets remembers the embed
// codes the owner copied (their box heights), so /widget can say when one is
// out of date. The public reads are in public-routes.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import { widgetSettingsSchema } from '../../../shared/schemas/widget.js';
import { ownerWidgetSettingsSchema, widgetQuickToggleInputSchema } from '../../../shared/schemas/widget-settings.js';
import { copiedSnippetInputSchema, copiedSnippetsSchema } from '../../../shared/schemas/widget-snippets.js';
import { requirePaidBusinessId } from '../../plugins/access-guard.js';
import * as widgetService from './service.js';

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/api/widget-settings',
    { schema: { response: { 200: ownerWidgetSettingsSchema, ...errors } } },
    async (request) => {
      return widgetService.getWidgetSettings(db, await requirePaidBusinessId(request));
    },
  );

  app.put(
    '/api/widget-settings',
    { schema: { body: widgetQuickToggleInputSchema, response: { 200: ownerWidgetSettingsSchema, ...errors } } },
    async (request) => {
      return widgetService.setQuickToggle(db, await requirePaidBusinessId(request), request.body);
    },
  );

  app.post(
    '/api/widget-settings',
    { schema: { body: widgetSettingsSchema, response: { 200: ownerWidgetSettingsSchema, ...errors } } },
    async (request) => {
      return widgetService.saveWidgetSettings(db, await requirePaidBusinessId(request), request.body);
    },
  );

  app.get(
    '/api/widget-snippets',
    { schema: { response: { 200: copiedSnippetsSchema, ...errors } } },
    async (request) => {
      return widgetService.getCopiedSnippets(db, await requirePaidBusinessId(request));
    },
  );

  app.put(
    '/api/widget-snippets',
    { schema: { body: copiedSnippetInputSchema, response: { 200: copiedSnippetsSchema, ...errors } } },
    async (request) => {
      return widgetService.recordCopiedSnippet(db, await requirePaidBusinessId(request), request.body);
    },
  );
};
