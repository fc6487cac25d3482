// The first-week checklist's steps (docs/product/business.md#first-week-checklist). A step is shown
// only while its feature exists: a later feature (sending requests, connecting a source) adds its
// definition here with `available: true` and its fact in modules/dashboard/service.ts.
import { appPages } from './app-pages.js';

export const checklistStepIds = [
  'share',
  'approve',
  'widget',
  'send-requests',
  'connect-source',
] as const;
export type ChecklistStepId = (typeof checklistStepIds)[number];

export type ChecklistStepDefinition = {
  id: ChecklistStepId;
  title: string;
  /** The screen where the step is done. */
  href: string;
  /** False until the feature the step needs exists; such a step is never shown. */
  available: boolean;
};

export const checklistSteps: readonly ChecklistStepDefinition[] = [
  {
    id: 'share',
    title: 'Share your collection link or print the QR code',
    href: appPages.collectionLink,
    available: true,
  },
  {
    id: 'approve',
    title: 'Approve your first testimonial',
    href: appPages.testimonials,
    available: true,
  },
  { id: 'widget', title: 'Put the widget on your site', href: appPages.widget, available: true },
  { id: 'send-requests', title: 'Send requests', href: appPages.requests, available: true },
  // A review source connected, or a file of testimonials imported.
  {
    id: 'connect-source',
    title: 'Connect a source',
    href: appPages.integrations,
    available: true,
  },
];
