// What the owner is told, and how (docs/product/notifications.md).
import { z } from 'zod';

/** New-testimonial emails: one as they arrive (several within 10 minutes folded into one), or none. */
export const newTestimonialEmailModes = ['each', 'off'] as const;

export const notificationSettingsSchema = z.object({
  newTestimonialEmails: z.enum(newTestimonialEmailModes, { error: 'Choose when to be emailed' }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
