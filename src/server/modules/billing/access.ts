// Who has paid access (docs/product/billing.md#paid-access, docs/product/README.md#who-may-do-what): an access code (isFreeAccount),
// or a subscription that is active or trialing and whose period has not ended.
// A subscription canceled at period end keeps access until that end. A
// past_due subscription (a renewal payment failed) has none until it is paid:
// docs/decisions/0012-billing-and-paid-access.md.
import { ACCESS_REASONS, type AccessStatus } from '../../../shared/schemas/billing.js';
import type { UserRow } from '../../db/schema.js';

type AccessFields = Pick<
  UserRow,
  | 'isFreeAccount'
  | 'stripeSubscriptionId'
  | 'subscriptionStatus'
  | 'subscriptionEndDate'
  | 'subscriptionCancelAtPeriodEnd'
>;

const grant = (reason: string): AccessStatus => ({
  hasAccess: true,
  requiresRedirect: false,
  reason,
});
const refuse = (reason: string): AccessStatus => ({
  hasAccess: false,
  requiresRedirect: true,
  reason,
});

const payingStatuses = new Set(['active', 'trialing']);

export function accessStatusOf(user: AccessFields, now: Date): AccessStatus {
  if (user.isFreeAccount) return grant(ACCESS_REASONS.accessCode);
  if (!user.stripeSubscriptionId) return refuse(ACCESS_REASONS.noSubscription);
  const periodRunning = user.subscriptionEndDate !== null && user.subscriptionEndDate > now;
  if (payingStatuses.has(user.subscriptionStatus ?? '') && periodRunning) {
    return grant(
      user.subscriptionCancelAtPeriodEnd
        ? ACCESS_REASONS.cancelingSubscription
        : ACCESS_REASONS.activeSubscription,
    );
  }
  if (user.subscriptionStatus === 'past_due') return refuse(ACCESS_REASONS.paymentPastDue);
  return refuse(ACCESS_REASONS.subscriptionEnded);
}

/**
 * True when the mirror says "paying" but its period is over: the provider has
 * probably renewed or ended it and its news has not arrived yet, so ask it.
 */
export function mirrorIsStale(user: AccessFields, now: Date): boolean {
  return (
    Boolean(user.stripeSubscriptionId) &&
    payingStatuses.has(user.subscriptionStatus ?? '') &&
    (user.subscriptionEndDate === null || user.subscriptionEndDate <= now)
  );
}

/** True when the user holds a subscription that is still theirs to use or cancel. */
export function hasCurrentSubscription(user: AccessFields, now: Date): boolean {
  const reason = accessStatusOf({ ...user, isFreeAccount: false }, now).reason;
  return (
    reason === ACCESS_REASONS.activeSubscription || reason === ACCESS_REASONS.cancelingSubscription
  );
}
