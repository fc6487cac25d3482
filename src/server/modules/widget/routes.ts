// The owner's widget settings and the embed codes they copied (their box
// heights), so /widget can say when one is out of date. Each endpoint is
// declared in shared/contracts/widget.ts; the public reads are in
// public-routes.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/widget.js';
import { route } from '../../plugins/contract-route.js';
import * as widgetService from './service.js';

export const widgetRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.getWidgetSettings, ({ deps, caller }) =>
    widgetService.getWidgetSettings(deps, caller.business.id),
  );
  route(app, contracts.setWidgetQuickToggle, ({ deps, caller, body }) =>
    widgetService.setQuickToggle(deps, caller.business.id, body),
  );
  route(app, contracts.saveWidgetSettings, ({ deps, caller, body }) =>
    widgetService.saveWidgetSettings(deps, caller.business.id, body),
  );
  route(app, contracts.getCopiedSnippets, ({ deps, caller }) =>
    widgetService.getCopiedSnippets(deps, caller.business.id),
  );
  route(app, contracts.recordCopiedSnippet, ({ deps, caller, body }) =>
    widgetService.recordCopiedSnippet(deps, caller.business.id, body),
  );
};
