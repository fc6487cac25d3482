// The browser check of a form under a burst (docs/decisions/0022), for every
// send of the public form: the testimonial and each photo's upload URL. A send
// refused with CHALLENGE_REQUIRED is sent again with a proof; once the form
// has asked, later sends do the check first, so a customer adding photos pays
// for one refused request, not one per photo. The work is done by
// ./browser-check.ts, loaded only when a check is asked for.
import { useCallback, useRef, useState } from 'react';
import { submissionCheckCodes, type SubmissionProof } from '../../../shared/schemas/submission';
import { ApiError } from '../../lib/api';
import { UploadError } from '../../lib/uploads';

/** The check could not be done or fetched; `message` says why, fit to show. */
export class BrowserCheckNotDone extends Error {
  override name = 'BrowserCheckNotDone';
}

/** The form asked for the browser check: a testimonial's answer or an upload's refusal. */
const asksForCheck = (error: unknown) =>
  (error instanceof ApiError || error instanceof UploadError) &&
  error.code === submissionCheckCodes.required;

/** Why the check could not be done: the server's or the solver's own words, else a plain one. */
function checkProblem(error: unknown): string {
  if (error instanceof ApiError) return error.reason ?? error.message;
  if (error instanceof Error && error.name === 'BrowserCheckError') return error.message;
  return 'Your browser could not finish the check. Check your connection and try again.';
}

export function useBrowserCheck(slug: string) {
  const [running, setRunning] = useState(0);
  const asked = useRef(false);

  const pass = useCallback(async (): Promise<SubmissionProof> => {
    setRunning((count) => count + 1);
    try {
      const { passBrowserCheck } = await import('./browser-check');
      return await passBrowserCheck(slug);
    } catch (error) {
      throw new BrowserCheckNotDone(checkProblem(error));
    } finally {
      setRunning((count) => count - 1);
    }
  }, [slug]);

  /**
   * Sends with a proof when the form asks for one. Throws what `send` throws,
   * or BrowserCheckNotDone.
   */
  const withCheck = useCallback(
    async <T>(send: (proof?: SubmissionProof) => Promise<T>): Promise<T> => {
      if (asked.current) return send(await pass());
      try {
        return await send();
      } catch (error) {
        if (!asksForCheck(error)) throw error;
        asked.current = true;
        return send(await pass());
      }
    },
    [pass],
  );

  return { checking: running > 0, withCheck };
}
