// What the owner is told when testimonials arrive (docs/product/notifications.md): the owner's own settings.
import { z } from 'zod';
import { defineContract, htmlBody } from '../contract.js';
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

const approvalParamsSchema = z.object({
  token: z.string().min(1).max(100),
});
const pageBody = z.string();
const approvalPageAnswers = {
  200: htmlBody(
    'The page: the testimonial with its Approve (or Undo) button, or what became of it.',
  ),
  404: htmlBody('No such link: a page that asks the owner to sign in.'),
  410: htmlBody(
    'The link was used or is more than 7 days old: a page that asks the owner to sign in.',
  ),
};

export const approvalPage = defineContract({
  method: 'GET',
  path: '/approve/:token',
  access: 'public',
  section: 'pages',
  summary:
    'The Approve link of a new-testimonial email: shows the testimonial and one button. Opening it changes nothing.',
  params: approvalParamsSchema,
  response: { 200: pageBody, 404: pageBody },
  document: { response: approvalPageAnswers },
});

export const approveWithLink = defineContract({
  method: 'POST',
  path: '/approve/:token',
  access: 'public',
  section: 'pages',
  summary: "The Approve button of that page: approves the link's testimonial and uses the link up.",
  params: approvalParamsSchema,
  response: { 200: pageBody, 404: pageBody },
  document: { response: approvalPageAnswers },
});

export const undoApprovalWithLink = defineContract({
  method: 'POST',
  path: '/approve/:token/undo',
  access: 'public',
  section: 'pages',
  summary:
    'The Undo button shown after approving: puts the testimonial back to pending, for 10 minutes.',
  params: approvalParamsSchema,
  response: { 200: pageBody, 404: pageBody },
  document: { response: approvalPageAnswers },
});
