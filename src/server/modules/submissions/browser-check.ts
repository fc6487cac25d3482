// The browser check of a form under a burst (docs/decisions/0022): a
// proof-of-work challenge in ALTCHA's format (altcha-lib), HMAC-signed with
// keys derived from the session secret (`deps.config`), so every server that
// shares the secret issues and checks the same challenges. Deterministic mode: the server picks
// the counter the browser must find and signs the key it derives, so a check
// is two HMACs and never the work itself. A challenge names its form and
// expires after CHALLENGE_TTL_MS; that it is used once is the caller's part
// (bursts.ts `spendProof`, in the transaction that stores what it bought: a
// testimonial or an upload URL).
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  submissionCheckCodes,
  submissionProofSchema,
  type SubmissionChallenge,
  type SubmissionProof,
} from '../../../shared/schemas/submission.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { MINUTE_MS } from '../../../shared/time.js';

/**
 * PBKDF2-SHA-256 at 5,000 iterations per try, the answer among the first 550
 * tries (300 on average): about 0.2-0.5 s in a desktop browser and 1-2 s on a
 * phone (WebCrypto runs it off the page's thread), about 0.4 s of one server
 * core for a script. Cheap for a customer, and it turns each scripted
 * submission into CPU time on top of the per-address limits.
 */
const CHALLENGE_DIFFICULTY = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 5000,
  minCounter: 50,
  maxCounter: 550,
} as const;

/** Long enough to solve on a slow phone and send; short enough that a stockpile goes stale. */
export const CHALLENGE_TTL_MS = 5 * MINUTE_MS;

type BrowserCheckKeys = { signature: string; keySignature: string };

/** Two keys of their own, so no other use of the session secret can sign a challenge. */
function browserCheckKeys({ sessionSecret }: Deps['config']): BrowserCheckKeys {
  const derive = (label: string) =>
    createHmac('sha256', sessionSecret).update(`vouchly:browser-check:${label}`).digest('hex');
  return { signature: derive('signature'), keySignature: derive('key-signature') };
}

/**
 * A challenge for this form, expiring CHALLENGE_TTL_MS after `deps.clock()`.
 * altcha-lib checks that expiry against the system clock, which the app's
 * clock is outside the tests that move it.
 */
export async function issueChallenge(
  { config, clock }: Pick<Deps, 'config' | 'clock'>,
  form: string,
): Promise<SubmissionChallenge> {
  const keys = browserCheckKeys(config);
  const now = clock();
  const challenge = await createChallenge({
    algorithm: CHALLENGE_DIFFICULTY.algorithm,
    cost: CHALLENGE_DIFFICULTY.cost,
    counter: randomInt(CHALLENGE_DIFFICULTY.maxCounter, CHALLENGE_DIFFICULTY.minCounter),
    deriveKey,
    data: { form },
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
  return challenge as SubmissionChallenge;
}

/** True when the proof is a solution of an unexpired challenge we signed for this form. */
async function isValidProof(
  { config }: Pick<Deps, 'config'>,
  form: string,
  proof: SubmissionProof,
): Promise<boolean> {
  const { challenge, solution } = proof;
  const keys = browserCheckKeys(config);
  // A challenge without a key signature would be checked by redoing the work: ours always have one.
  if (challenge.parameters.data.form !== form || !challenge.parameters.keySignature) return false;
  const result = await verifySolution({
    challenge,
    solution,
    deriveKey,
    hmacSignatureSecret: keys.signature,
    hmacKeySignatureSecret: keys.keySignature,
  });
  return result.verified;
}

/** What the visitor is told when a check is missing or fails: worded for what they were sending. */
export type CheckMessages = { required: string; failed: string };

/** 403 `CHALLENGE_REQUIRED`: the form is under a burst and this needs a solved check. */
export const checkRequired = (messages: CheckMessages) =>
  new AppError(403, submissionCheckCodes.required, messages.required);

/** 403 `CHALLENGE_FAILED`: the proof is not ours, not for this form, expired, unsolved or spent. */
export const checkFailed = (messages: CheckMessages) =>
  new AppError(403, submissionCheckCodes.failed, messages.failed);

/**
 * The proof a request sent (`raw`, as it came), checked against our signature
 * and this form: a missing one asks for the check, a bad one fails it. Not
 * spent here.
 */
export async function requireProof(
  deps: Pick<Deps, 'config'>,
  form: string,
  raw: unknown,
  messages: CheckMessages,
): Promise<SubmissionProof> {
  if (raw === undefined || raw === null) throw checkRequired(messages);
  const proof = submissionProofSchema.safeParse(raw);
  if (!proof.success || !(await isValidProof(deps, form, proof.data))) throw checkFailed(messages);
  return proof.data;
}
