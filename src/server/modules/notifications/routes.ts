// The owner's notification settings (docs/product/notifications.md). Each endpoint is declared in
// shared/contracts/notifications.ts. HTTP only; the rules live in service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/notifications.js';
import { route } from '../../plugins/contract-route.js';
import * as notificationService from './service.js';

export const notificationRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.getNotificationSettings, ({ deps, caller }) =>
    notificationService.getSettings(deps, caller.business.id),
  );

  route(app, contracts.saveNotificationSettings, ({ deps, caller, body }) =>
    notificationService.saveSettings(deps, caller.business.id, body),
  );
};
