// What the owner is told when testimonials arrive (docs/product/notifications.md): the owner's own settings.
import { defineContract } from '../contract.js';
import { notificationSettingsSchema } from '../schemas/notifications.js';

export const getNotificationSettings = defineContract({
  method: 'GET',
  path: '/api/notification-settings',
  access: 'owner',
  summary: 'How the owner is told of new testimonials.',
  response: { 200: notificationSettingsSchema },
});

export const saveNotificationSettings = defineContract({
  method: 'PUT',
  path: '/api/notification-settings',
  access: 'owner',
  summary: 'Changes how the owner is told of new testimonials.',
  body: notificationSettingsSchema,
  response: { 200: notificationSettingsSchema },
});
