// The Approve button of a new-testimonial email (docs/product/notifications.md#approve-from-the-email): a link
// that approves one testimonial without signing in, for 7 days, once. Opening it (as a mail scanner does) only
// shows a page; the page's button POSTs. After approving, Undo is offered for 10 minutes and gives the link back.
// The token is 32 random bytes; only its SHA-256 is stored.
import { DAY_MS, MINUTE_MS } from '../../../shared/time.js';
import type { Deps } from '../../deps.js';
import { newLinkToken, sha256Hex } from '../../secret-tokens.js';
import { updateTestimonial } from '../testimonials/service.js';
import * as repository from './repository.js';

const LINK_LIFETIME_MS = 7 * DAY_MS;
const UNDO_WINDOW_MS = 10 * MINUTE_MS;

const hashOf = sha256Hex;

/** A new link for this testimonial: its token, to put in `/approve/{token}`. */
export async function createApprovalLink(
  deps: Pick<Deps, 'db' | 'clock'>,
  businessId: string,
  testimonialId: string,
): Promise<string> {
  const token = newLinkToken();
  await repository.insertApprovalLink(deps.db, {
    tokenHash: hashOf(token),
    businessId,
    testimonialId,
    expiresAt: new Date(deps.clock().getTime() + LINK_LIFETIME_MS),
  });
  return token;
}

export type ApprovalTestimonial = { authorName: string; rating: number; content: string };

/** What the page shows. `gone`: no such link (`unknown`), or used or too old (`expired`). */
export type ApprovalPageState =
  | { kind: 'ready'; testimonial: ApprovalTestimonial }
  | { kind: 'already-approved'; testimonial: ApprovalTestimonial }
  | { kind: 'approved'; testimonial: ApprovalTestimonial }
  | { kind: 'undone'; testimonial: ApprovalTestimonial }
  | { kind: 'gone'; why: 'unknown' | 'expired' };

async function liveLink(deps: Pick<Deps, 'db' | 'clock'>, token: string) {
  const link = await repository.findApprovalLink(deps.db, hashOf(token));
  if (!link) return { gone: 'unknown' as const };
  if (link.expiresAt.getTime() <= deps.clock().getTime()) return { gone: 'expired' as const };
  return { link };
}

const testimonialOf = (link: ApprovalTestimonial): ApprovalTestimonial => ({
  authorName: link.authorName,
  rating: link.rating,
  content: link.content,
});

/** GET: reads only. */
export async function viewApprovalLink(
  deps: Pick<Deps, 'db' | 'clock'>,
  token: string,
): Promise<ApprovalPageState> {
  const { link, gone } = await liveLink(deps, token);
  if (!link) return { kind: 'gone', why: gone };
  if (link.usedAt) return { kind: 'gone', why: 'expired' };
  return {
    kind: link.status === 'approved' ? 'already-approved' : 'ready',
    testimonial: testimonialOf(link),
  };
}

/** The Approve button: approves and uses the link up, once however often it is pressed. */
export async function approveWithLink(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'uploads'>,
  token: string,
): Promise<ApprovalPageState> {
  const { link, gone } = await liveLink(deps, token);
  if (!link) return { kind: 'gone', why: gone };
  if (
    link.usedAt ||
    !(await repository.setApprovalLinkUsed(deps.db, link.id, null, deps.clock()))
  ) {
    return { kind: 'gone', why: 'expired' };
  }
  await updateTestimonial(deps, link.businessId, link.testimonialId, { status: 'approved' });
  return { kind: 'approved', testimonial: testimonialOf(link) };
}

/** The Undo button: within 10 minutes of approving, back to pending and the link usable again. */
export async function undoApprovalWithLink(
  deps: Pick<Deps, 'db' | 'clock' | 'config' | 'log' | 'uploads'>,
  token: string,
): Promise<ApprovalPageState> {
  const { link, gone } = await liveLink(deps, token);
  if (!link) return { kind: 'gone', why: gone };
  const now = deps.clock().getTime();
  if (!link.usedAt || link.usedAt.getTime() + UNDO_WINDOW_MS <= now) {
    return { kind: 'gone', why: 'expired' };
  }
  if (!(await repository.setApprovalLinkUsed(deps.db, link.id, link.usedAt, null))) {
    return { kind: 'gone', why: 'expired' };
  }
  await updateTestimonial(deps, link.businessId, link.testimonialId, { status: 'pending' });
  return { kind: 'undone', testimonial: testimonialOf(link) };
}
