// The first-week checklist (docs/product/business.md#first-week-checklist): each shown step is checked by
// what the owner has done, as the database knows it, never by what the browser guesses.
import { checklistSteps, type ChecklistStepId } from '../../../shared/first-week-checklist.js';
import type { Checklist, CollectionSharedInput } from '../../../shared/schemas/dashboard.js';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import * as repository from './repository.js';

type Facts = repository.ChecklistFacts;

/** Whether a step is done; only the steps whose feature exists have a fact. */
const doneBy: Partial<Record<ChecklistStepId, (facts: Facts) => boolean>> = {
  share: (facts) => facts.collectionSharedAt !== null || facts.formSubmissions > 0,
  approve: (facts) => facts.approved > 0,
  widget: (facts) => facts.widgetSeenAt !== null,
};

export async function getChecklist(
  { db }: Pick<Deps, 'db'>,
  businessId: string,
): Promise<Checklist> {
  const facts = await repository.findChecklistFacts(db, businessId);
  if (!facts) throw notFound('Business not found');
  const steps = checklistSteps
    .filter((step) => step.available && doneBy[step.id])
    .map(({ id, title, href }) => ({ id, title, href, done: doneBy[id]?.(facts) ?? false }));
  const dismissed = facts.checklistDismissedAt !== null;
  return { hidden: dismissed || steps.every((step) => step.done), dismissed, steps };
}

export async function dismissChecklist(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
): Promise<Checklist> {
  await repository.markChecklistDismissed(deps.db, businessId, deps.clock());
  return getChecklist(deps, businessId);
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
