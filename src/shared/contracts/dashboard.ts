// The dashboard's first-week checklist (docs/product/business.md#first-week-checklist): the owner's,
// with paid access.
import { z } from 'zod';
import { defineContract } from '../contract.js';
import { checklistSchema, collectionSharedInputSchema } from '../schemas/dashboard.js';

export const getChecklist = defineContract({
  method: 'GET',
  path: '/api/dashboard/checklist',
  access: 'paid',
  summary: 'The first-week checklist: each shown step and whether the owner has done it.',
  response: { 200: checklistSchema },
});

export const dismissChecklist = defineContract({
  method: 'POST',
  path: '/api/dashboard/checklist/dismiss',
  access: 'paid',
  summary: 'Hides the first-week checklist for good.',
  response: { 200: checklistSchema },
});

export const recordCollectionShared = defineContract({
  method: 'POST',
  path: '/api/collection/shared',
  access: 'paid',
  summary:
    'Records that the owner copied the collection link or downloaded or printed its QR code.',
  body: collectionSharedInputSchema,
  response: { 200: z.object({ ok: z.literal(true) }) },
});
