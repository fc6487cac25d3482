// Account payloads of docs/product/auth.md#calls, with the messages of docs/product/auth.md#rules-and-messages.
import { z } from 'zod';
import { detectedLogoUrlField } from './business.js';
import {
  businessNameField,
  emailField,
  newPasswordField,
  timeZoneField,
  websiteField,
} from './fields.js';

export const loginInputSchema = z.object({
  email: emailField,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(1024),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const registerInputSchema = z.object({
  businessName: businessNameField,
  website: websiteField('Website is required'),
  email: emailField,
  password: newPasswordField,
  agreeToTerms: z.literal(true, { error: 'You must agree to the terms of service to continue' }),
  firstName: z.string().trim().max(80).optional(),
  lastName: z.string().trim().max(80).optional(),
  /** The browser's time zone, the business's (docs/product/business.md#time-zone); UTC when left out. */
  timeZone: timeZoneField.optional(),
  /**
   * The logo the sign-up wizard showed as found on the website: after answering,
   * the server fetches it as logo detection fetches (docs/security.md rule 11) and keeps
   * a checked copy as the business logo (docs/decisions/0018).
   */
  logoUrl: detectedLogoUrlField.optional(),
});
export type RegisterInput = z.infer<typeof registerInputSchema>;

/** An empty email says it is required, as the other forms' required email does; anything else is checked as usual. */
export const forgotPasswordInputSchema = z.object({
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .pipe(emailField),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInputSchema>;

export const resetPasswordInputSchema = z
  .object({
    token: z
      .string({ error: 'Reset token is required' })
      .min(1, 'Reset token is required')
      .max(256),
    password: newPasswordField,
    confirmPassword: z
      .string({ error: 'Password confirmation is required' })
      .min(8, 'Password confirmation is required'),
  })
  .refine((input) => input.password === input.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

const currentPasswordField = z
  .string({ error: 'Current password is required' })
  .min(1, 'Current password is required')
  .max(1024);

/** Changing the email needs the current password (docs/security.md rule 18). */
export const changeEmailInputSchema = z.object({
  email: emailField,
  currentPassword: currentPasswordField,
});
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

export const changePasswordInputSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: newPasswordField,
    confirmPassword: z
      .string({ error: 'Password confirmation is required' })
      .min(8, 'Password confirmation is required'),
  })
  .refine((input) => input.newPassword === input.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** What GET /api/auth/user returns: never the password hash, reset token or API key hash. */
export const currentUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  isFreeAccount: z.boolean(),
  subscriptionStatus: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** The plain success answer (logout, forgot and reset password, password change). */
export const okSchema = z.object({ success: z.literal(true), message: z.string() });
