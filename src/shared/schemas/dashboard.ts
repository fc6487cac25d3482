import { z } from 'zod';
import { checklistStepIds } from '../first-week-checklist.js';

/** The first-week checklist as the dashboard shows it (GET /api/dashboard/checklist). */
export const checklistSchema = z.object({
  /** The owner dismissed it, or every shown step is done: the dashboard shows nothing. */
  hidden: z.boolean(),
  dismissed: z.boolean(),
  steps: z.array(
    z.object({
      id: z.enum(checklistStepIds),
      title: z.string(),
      href: z.string(),
      done: z.boolean(),
    }),
  ),
});
export type Checklist = z.infer<typeof checklistSchema>;

const collectionSharedHows = ['link_copied', 'qr_downloaded', 'qr_printed'] as const;

export const collectionSharedInputSchema = z.object({
  how: z.enum(collectionSharedHows, 'How must be link_copied, qr_downloaded or qr_printed'),
});
export type CollectionSharedInput = z.infer<typeof collectionSharedInputSchema>;
