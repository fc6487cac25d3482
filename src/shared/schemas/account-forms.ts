// Client-only form schemas for the account screens, built from the same field
// rules (and the messages of docs/product/auth.md#rules-and-messages) as the API payloads in auth.ts and business.ts.
import { z } from 'zod';
import { businessNameField, emailField, newPasswordField, websiteField } from './fields.js';

const TERMS_MESSAGE = 'You must agree to the terms of service to continue';

/**
 * The sign-up wizard's one form. Same rules as `registerInputSchema`, except the
 * terms box is a plain boolean while unticked (the payload sends `agreeToTerms: true`).
 */
export const signupFormSchema = z.object({
  businessName: businessNameField,
  website: websiteField('Website is required'),
  email: emailField,
  password: newPasswordField,
  agreeToTerms: z.boolean({ error: TERMS_MESSAGE }).refine((agreed) => agreed, TERMS_MESSAGE),
});
export type SignupFormInput = z.input<typeof signupFormSchema>;
export type SignupFormValues = z.output<typeof signupFormSchema>;

/** Which fields each wizard step (1 to 3) validates before moving on. */
export const SIGNUP_STEP_FIELDS = {
  1: ['businessName'],
  2: ['website'],
  3: ['email', 'password', 'agreeToTerms'],
} as const satisfies Record<1 | 2 | 3, readonly (keyof SignupFormInput)[]>;
