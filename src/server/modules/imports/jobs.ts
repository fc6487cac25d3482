// The photo of an imported testimonial, given as a URL (a file's photo column, a synced review's reviewer photo):
// fetched in the background with the SSRF guards of the logo fetch, then checked, re-encoded (metadata stripped) and
// stored as an upload of the business would be. A file's photos are counted on its import run, and one that cannot be
// had is listed there with the reason; a synced review's photo has no run, and its failure is only logged. Either
// way the testimonial stays as it was imported.
import { z } from 'zod';
import { MINUTE_MS } from '../../../shared/time.js';
import { FetchRefusedError, safeFetch } from '../../adapters/http/safe-fetch.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../errors.js';
import { defineJob, PermanentJobError } from '../../jobs/job.js';
import { logoFetchPolicy } from '../business/service.js';
import { claimUploads, deleteDetachedUploads, storeFetchedImage } from '../uploads/service.js';
import { invalidateWidget } from '../widget/events.js';
import * as repository from './repository.js';

const payload = z.object({ runId: z.uuid().nullable(), testimonialId: z.uuid(), url: z.string() });
type Payload = z.infer<typeof payload>;

const REFUSED: Record<string, string> = {
  address: 'The address is on a private network',
  port: 'The address uses a port other than 80 or 443',
  protocol: 'The address is not http or https',
  credentials: 'The address holds a user name or password',
  redirects: 'The address redirects too many times',
  'too-large': 'The image is larger than 2 MB',
  timeout: 'The address did not answer in time',
  encoding: 'The answer could not be read',
};

async function fetchPhoto(deps: Deps, { runId, testimonialId, url }: Payload): Promise<void> {
  const testimonial = await repository.findTestimonialForPhoto(deps.db, testimonialId);
  if (!testimonial) {
    // Deleted since the import: nothing to attach the photo to.
    await repository.recordPhotoOutcome(deps.db, runId, null);
    return;
  }
  const { businessId } = testimonial;
  const data = await download(deps, url);
  let objectPath: string;
  try {
    objectPath = await storeFetchedImage(deps, businessId, 'author-image', data);
  } catch (error) {
    // Not an image we take (type, size, empty), or no room left for it: as a refused upload is.
    if (error instanceof AppError) throw new PermanentJobError(error.message);
    throw error;
  }
  const attached = await deps.db.transaction(async (tx) => {
    await claimUploads({ db: tx }, businessId, [objectPath], 'author-image');
    const set = await repository.setAuthorImageIfUnset(tx, businessId, testimonialId, objectPath);
    await repository.recordPhotoOutcome(tx, runId, null);
    return set;
  });
  // The owner gave it a photo meanwhile: theirs stays.
  if (!attached) await deleteDetachedUploads(deps, businessId, [objectPath]);
  else if (testimonial.status === 'approved') await invalidateWidget(deps.db, businessId);
}

/** The image's bytes; throws what the run's report says: a refusal for good, a host that may answer later to retry. */
async function download(deps: Pick<Deps, 'config'>, url: string): Promise<Buffer> {
  let response;
  try {
    response = await safeFetch(url, { ...logoFetchPolicy(deps.config), accept: 'image/*' });
  } catch (error) {
    if (error instanceof FetchRefusedError)
      throw new PermanentJobError(REFUSED[error.reason] ?? 'The address was refused');
    throw new Error('The address could not be reached', { cause: error });
  }
  if (response.status >= 500) throw new Error(`The address answered ${response.status}`);
  if (response.status < 200 || response.status >= 300)
    throw new PermanentJobError(`The address answered ${response.status}`);
  return response.body;
}

export const fetchImportedPhotoJob = defineJob({
  kind: 'imports.fetch-photo',
  payload,
  // A host that is down or busy gets two more tries; a refusal or a file that is not an image does not.
  retryDelaysMs: [MINUTE_MS, 10 * MINUTE_MS],
  run: (deps, job) => fetchPhoto(deps, job),
  onFailed: async (deps, { runId, testimonialId, url }, error) => {
    const testimonial = await repository.findTestimonialForPhoto(deps.db, testimonialId);
    await repository.recordPhotoOutcome(deps.db, runId, {
      authorName: testimonial?.authorName ?? '',
      url,
      reason: error,
    });
  },
});
