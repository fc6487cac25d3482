import { describe, expect, it } from 'vitest';
import { SIGNUP_STEP_FIELDS, signupFormSchema } from './account-forms.js';

const valid = {
  businessName: 'Sunrise Bakery',
  website: 'sunrise-bakery.com',
  email: 'Owner@Example.com',
  password: 'correct-horse',
  agreeToTerms: true,
};

/** The first message per field, as the form resolver shows it. */
function messagesFor(input: Record<string, unknown>): Record<string, string> {
  const result = signupFormSchema.safeParse(input);
  const messages: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) messages[String(issue.path[0])] ??= issue.message;
  return messages;
}

describe('signupFormSchema', () => {
  it('accepts a complete sign-up and lowercases the email', () => {
    const parsed = signupFormSchema.parse(valid);
    expect(parsed.email).toBe('owner@example.com');
    expect(parsed.agreeToTerms).toBe(true);
  });

  it('speaks the messages of docs/product/auth.md#rules-and-messages', () => {
    expect(
      messagesFor({
        businessName: ' ',
        website: '',
        email: 'nope',
        password: 'short',
        agreeToTerms: false,
      }),
    ).toEqual({
      businessName: 'Business name is required',
      website: 'Website is required',
      email: 'Invalid email format',
      password: 'Password must be at least 8 characters',
      agreeToTerms: 'You must agree to the terms of service to continue',
    });
    expect(messagesFor({ ...valid, website: 'not a site' }).website).toBe(
      'Please enter a valid website (e.g., example.com)',
    );
  });

  it('gives every field to exactly one of the three form steps', () => {
    const fields = Object.values(SIGNUP_STEP_FIELDS).flat();
    expect(new Set(fields).size).toBe(fields.length);
    expect([...fields].sort()).toEqual(Object.keys(signupFormSchema.shape).sort());
  });
});
