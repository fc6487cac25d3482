// The widget's endpoints: the owner's settings and copied snippets (paid
// pages), and what other sites load (the public widget).
import { widgetSettingsSchema } from '../schemas/widget.js';
import {
  ownerWidgetSettingsSchema,
  widgetQuickToggleInputSchema,
} from '../schemas/widget-settings.js';
import { copiedSnippetInputSchema, copiedSnippetsSchema } from '../schemas/widget-snippets.js';
import { defineContract } from '../contract.js';

export const getWidgetSettings = defineContract({
  method: 'GET',
  path: '/api/widget-settings',
  access: 'paid',
  summary: "The owner's widget settings, with when they were last saved.",
  response: { 200: ownerWidgetSettingsSchema },
});

export const setWidgetQuickToggle = defineContract({
  method: 'PUT',
  path: '/api/widget-settings',
  access: 'paid',
  summary: 'The "Show business name in widget" quick setting of the testimonial dialog.',
  body: widgetQuickToggleInputSchema,
  response: { 200: ownerWidgetSettingsSchema },
});

export const saveWidgetSettings = defineContract({
  method: 'POST',
  path: '/api/widget-settings',
  access: 'paid',
  summary: 'Saves the whole widget settings form.',
  body: widgetSettingsSchema,
  response: { 200: ownerWidgetSettingsSchema },
});

export const getCopiedSnippets = defineContract({
  method: 'GET',
  path: '/api/widget-snippets',
  access: 'paid',
  summary: 'The embed codes the owner last copied, with the box height of each.',
  response: { 200: copiedSnippetsSchema },
});

export const recordCopiedSnippet = defineContract({
  method: 'PUT',
  path: '/api/widget-snippets',
  access: 'paid',
  summary: 'Remembers the embed code the owner just copied.',
  body: copiedSnippetInputSchema,
  response: { 200: copiedSnippetsSchema },
});
