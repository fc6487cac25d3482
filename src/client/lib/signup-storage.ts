// The sign-up wizard's progress in sessionStorage (docs/product/auth.md#auth-screen): the
// step, what was typed (never the password) and whether the account exists yet,
// so a reload mid-wizard comes back to the same place. Cleared on completion,
// skip, the start of a checkout and logout. In lib/ because the subscribe
// panel (components/) clears it too, wherever a checkout starts.
import { z } from 'zod';

export const SIGNUP_STORAGE_KEY = 'vouchly.signup';

const storedSignupSchema = z.object({
  step: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  businessName: z.string().max(500).catch(''),
  website: z.string().max(2048).catch(''),
  email: z.string().max(500).catch(''),
  agreeToTerms: z.boolean().catch(false),
  userCreated: z.boolean().catch(false),
});
export type SignupProgress = z.infer<typeof storedSignupSchema>;
export type SignupStep = SignupProgress['step'];

export const emptySignupProgress: SignupProgress = {
  step: 1,
  businessName: '',
  website: '',
  email: '',
  agreeToTerms: false,
  userCreated: false,
};

export function readSignupProgress(): SignupProgress {
  try {
    const raw = window.sessionStorage.getItem(SIGNUP_STORAGE_KEY);
    if (!raw) return emptySignupProgress;
    const parsed = storedSignupSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return emptySignupProgress;
    const progress = parsed.data;
    // Step 4 only exists once the account does; before that the last step is 3.
    if (progress.userCreated) return { ...progress, step: 4 };
    return progress.step === 4 ? { ...progress, step: 3 } : progress;
  } catch {
    return emptySignupProgress;
  }
}

export function saveSignupProgress(progress: SignupProgress): void {
  try {
    window.sessionStorage.setItem(SIGNUP_STORAGE_KEY, JSON.stringify(progress));
  } catch {
    // Storage full or blocked: the wizard still works, it just won't survive a reload.
  }
}

export function clearSignupProgress(): void {
  try {
    window.sessionStorage.removeItem(SIGNUP_STORAGE_KEY);
  } catch {
    // Storage blocked: nothing was saved either.
  }
}
