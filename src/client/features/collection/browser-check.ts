// The browser check of a form under a burst (docs/decisions/0022): fetches a
// challenge for the form and finds its answer with WebCrypto's PBKDF2, which
// runs off the page's thread, so the page stays responsive for the second or
// two it takes on a phone. Loaded with import() only when a form asks for it:
// the public form's first load does not carry it.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { getSubmissionChallenge } from '../../../shared/contracts/submissions';
import type { SubmissionProof } from '../../../shared/schemas/submission';
import { call } from '../../lib/api';
import { MINUTE_MS } from '../../../shared/time';

/** Far beyond a slow phone's few seconds; past it something is wrong and the customer should hear so. */
const SOLVE_TIMEOUT_MS = MINUTE_MS;

/**
 * The check could not be done in this browser (no WebCrypto, or it took too
 * long). Told apart by its name: the form does not import this module before it needs it.
 */
class BrowserCheckError extends Error {
  override name = 'BrowserCheckError';
}

export async function passBrowserCheck(slug: string): Promise<SubmissionProof> {
  const { challenge } = await call(getSubmissionChallenge, { params: { slug } });
  // Absent outside a secure context (a page served over plain http from another host).
  const subtle = (globalThis.crypto as Crypto | undefined)?.subtle;
  if (!subtle) {
    throw new BrowserCheckError(
      'This browser cannot do the check on a page that is not served securely.',
    );
  }
  const solution = await solveChallenge({ challenge, deriveKey, timeout: SOLVE_TIMEOUT_MS });
  if (!solution) throw new BrowserCheckError('Your browser took too long to finish the check.');
  return { challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } };
}
