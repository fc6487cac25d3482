// What the owner is told, and how (docs/product/notifications.md).
import { z } from 'zod';

/**
 * New-testimonial emails: one as they arrive (several within 10 minutes folded into one), one digest a day, or none.
 */
export const newTestimonialEmailModes = ['each', 'daily', 'off'] as const;

/** The hour (UTC) the daily digest goes out: there is no business time zone yet (docs/decisions/0033). */
export const DAILY_DIGEST_HOUR_UTC = 8;
/** That hour as the owner reads it. */
export const DAILY_DIGEST_TIME = `${String(DAILY_DIGEST_HOUR_UTC).padStart(2, '0')}:00 UTC`;

export const notificationSettingsSchema = z.object({
  newTestimonialEmails: z.enum(newTestimonialEmailModes, { error: 'Choose when to be emailed' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
