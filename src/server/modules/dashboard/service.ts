// The first-week checklist (docs/product/business.md#first-week-checklist): each shown step is checked by
// what the owner has done, as the database knows it, never by what the browser guesses.
import { checklistSteps, type ChecklistStepId } from '../../../shared/first-week-checklist.js';
import type { Checklist, CollectionSharedInput } from '../../../shared/schemas/dashboard.js';
import type { BusinessRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import * as repository from './repository.js';

/** What the business row records (the route's caller already has it), and what its testimonials count. */
type ChecklistBusiness = Pick<
  BusinessRow,
  'id' | 'collectionSharedAt' | 'widgetSeenAt' | 'checklistDismissedAt'
>;
type Facts = ChecklistBusiness & repository.ChecklistCounts;

/** Whether a step is done; only the steps whose feature exists have a fact. */
const doneBy: Partial<Record<ChecklistStepId, (facts: Facts) => boolean>> = {
  share: (facts) => facts.collectionSharedAt !== null || facts.formSubmissions > 0,
  approve: (facts) => facts.approved > 0,
  widget: (facts) => facts.widgetSeenAt !== null,
  'send-requests': (facts) => facts.requested,
  'connect-source': (facts) => facts.broughtIn,
};

export async function getChecklist(
  { db }: Pick<Deps, 'db'>,
  business: ChecklistBusiness,
): Promise<Checklist> {
  const facts = { ...business, ...(await repository.countChecklistTestimonials(db, business.id)) };
  const steps = checklistSteps
    .filter((step) => step.available && doneBy[step.id])
    .map(({ id, title, href }) => ({ id, title, href, done: doneBy[id]?.(facts) ?? false }));
  const dismissed = facts.checklistDismissedAt !== null;
  return { hidden: dismissed || steps.every((step) => step.done), dismissed, steps };
}

export async function dismissChecklist(
  deps: Pick<Deps, 'db' | 'clock'>,
  business: ChecklistBusiness,
): Promise<Checklist> {
  const now = deps.clock();
  await repository.markChecklistDismissed(deps.db, business.id, now);
  // The first dismissal is kept, as the UPDATE does.
  return getChecklist(deps, {
    ...business,
    checklistDismissedAt: business.checklistDismissedAt ?? now,
  });
}

/** The owner copied the link or downloaded or printed the QR code; the first time is kept. */
export async function recordCollectionShared(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  _input: CollectionSharedInput,
): Promise<{ ok: true }> {
  await repository.markCollectionShared(db, businessId, clock());
  return { ok: true };
}
