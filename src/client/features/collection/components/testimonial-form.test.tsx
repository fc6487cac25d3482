// The public form under a burst (docs/decisions/0022): asked for the browser
// check, for the testimonial or for a photo's upload URL, it fetches a
// challenge, does the work with WebCrypto while the button says "Checking your
// browser...", and sends again with the proof; once asked, later sends do the
// check first. When the check cannot be done or does not pass, it says so and
// keeps everything the customer typed or picked.
import { screen, waitFor, within } from '@testing-library/react';
import { createChallenge, verifySolution } from 'altcha-lib';
import { http } from 'msw';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_COLLECTION_FLAGS } from '../../../../shared/collection-settings';
import {
  getSubmissionChallenge,
  submitTestimonial,
} from '../../../../shared/contracts/submissions';
import {
  submissionCheckCodes,
  submissionCheckMessages,
  submissionProofSchema,
  type SubmissionChallenge,
} from '../../../../shared/schemas/submission';
import { putUpload, uploadUrlContracts } from '../../../../shared/contracts/uploads';
import { publicUploadPurposes, uploadCheckMessages } from '../../../../shared/schemas/uploads';
import { createImageFile } from '../../../testing/factories';
import { chooseFiles } from '../../../testing/files';
import { renderScreen } from '../../../testing/render';
import { apiErrorResponse, mock, server, uploadStorage } from '../../../testing/server';
import { TestimonialForm } from './testimonial-form';

const SECRET = 'component-test-signature-secret';
const KEY_SECRET = 'component-test-key-secret';

/** A real challenge, easy enough for a test: the server's format, a tiny cost. */
async function easyChallenge(form: string): Promise<SubmissionChallenge> {
  const challenge = await createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost: 10,
    counter: 7,
    deriveKey,
    data: { form },
    expiresAt: new Date(Date.now() + 60_000),
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  });
  return challenge as SubmissionChallenge;
}

const isSolved = async (proof: unknown) => {
  const parsed = submissionProofSchema.safeParse(proof);
  if (!parsed.success) return false;
  const result = await verifySolution({
    ...parsed.data,
    deriveKey,
    hmacSignatureSecret: SECRET,
    hmacKeySignatureSecret: KEY_SECRET,
  });
  return result.verified;
};

/**
 * The form under a burst: a send without a solved check is refused as the
 * server refuses it; so are the first `refusals` solved ones (expired, say).
 */
function serveFormUnderBurst({
  challengeGate,
  refusals = 0,
}: { challengeGate?: Promise<void>; refusals?: number } = {}) {
  const sent: Record<string, unknown>[] = [];
  let refusalsLeft = refusals;
  server.use(
    mock(submitTestimonial, async ({ body: payload }) => {
      sent.push(payload);
      if (payload.proof === undefined) {
        return apiErrorResponse(
          403,
          submissionCheckCodes.required,
          submissionCheckMessages.required,
        );
      }
      if (refusalsLeft > 0 || !(await isSolved(payload.proof))) {
        refusalsLeft -= 1;
        return apiErrorResponse(403, submissionCheckCodes.failed, submissionCheckMessages.failed);
      }
      return { testimonial: { id: `testimonial-${sent.length}` } };
    }),
    mock(getSubmissionChallenge, async ({ params }) => {
      await challengeGate;
      return { challenge: await easyChallenge(params.slug) };
    }),
  );
  return sent;
}

/**
 * Upload URLs of the form under a burst: asked for without a solved check, or
 * (the first `unchecked` asks) handed out but then refused at the PUT, as the
 * server does with a URL given before the burst; PUTs store the file as the
 * server does. Answers the bodies of the asks.
 */
function serveUploadsUnderBurst({ uncheckedPuts = 0 }: { uncheckedPuts?: number } = {}) {
  const asked: Record<string, unknown>[] = [];
  const { putHandler: storeFile } = uploadStorage();
  let count = 0;
  let uncheckedLeft = uncheckedPuts;
  const required = () =>
    apiErrorResponse(403, submissionCheckCodes.required, uploadCheckMessages.required);
  server.use(
    ...publicUploadPurposes.map((purpose) =>
      mock(uploadUrlContracts[purpose], async ({ body }) => {
        const payload = (body ?? {}) as Record<string, unknown>;
        asked.push(payload);
        count += 1;
        const uploadURL = `/objects/upload/${purpose}-${count}`;
        if (payload.proof === undefined) {
          if (uncheckedLeft <= 0) return required();
          uncheckedLeft -= 1;
          return { uploadURL: `/objects/upload/unchecked-${count}` };
        }
        if (!(await isSolved(payload.proof))) {
          return apiErrorResponse(403, submissionCheckCodes.failed, uploadCheckMessages.failed);
        }
        return { uploadURL };
      }),
    ),
    // The URLs handed out unchecked are refused; the others fall through to `storeFile`.
    http.put(putUpload.path, ({ params }) =>
      String(params.token).startsWith('unchecked-') ? required() : undefined,
    ),
    storeFile,
  );
  return asked;
}

/** The form of "acme-bakery" with the default settings; `onSubmitted` records what it reports. */
function renderForm() {
  const onSubmitted = vi.fn();
  const view = renderScreen(
    <TestimonialForm
      slug="acme-bakery"
      settings={DEFAULT_COLLECTION_FLAGS}
      onSubmitted={onSubmitted}
    />,
  );
  return { ...view, onSubmitted };
}

async function fillAndSend(user: ReturnType<typeof renderScreen>['user']) {
  await user.click(screen.getByRole('radio', { name: '5 stars' }));
  await user.type(screen.getByLabelText('Your testimonial'), 'The sourdough is the best in town.');
  await user.type(screen.getByLabelText(/^Name/), 'Ann Baker');
  await user.click(screen.getByRole('button', { name: 'Submit Testimonial' }));
}

describe('TestimonialForm under a burst of submissions', () => {
  it('passes the browser check the form asks for, showing it on the button, and sends what was typed', async () => {
    let open = () => {};
    const sent = serveFormUnderBurst({
      challengeGate: new Promise<void>((resolve) => (open = resolve)),
    });
    const { user, onSubmitted } = renderForm();
    await fillAndSend(user);

    const button = await screen.findByRole('button', { name: 'Checking your browser...' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toMatch(/quick check/);
    open();

    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('testimonial-2'));
    expect(sent).toHaveLength(2);
    expect(sent[1]).toMatchObject({
      authorName: 'Ann Baker',
      content: 'The sourdough is the best in town.',
      rating: 5,
      proof: { challenge: { parameters: { data: { form: 'acme-bakery' } } } },
    });
    expect(await isSolved(sent[1]!.proof)).toBe(true);
  });

  it('keeps everything typed and says what happened when the check cannot be fetched', async () => {
    serveFormUnderBurst();
    server.use(
      mock(getSubmissionChallenge, () =>
        apiErrorResponse(429, 'RATE_LIMITED', 'Too many requests. Please try again later.'),
      ),
    );
    const { user, onSubmitted } = renderForm();
    await fillAndSend(user);

    expect(
      await screen.findByText('Failed to submit testimonial. Please try again.'),
    ).toBeDefined();
    expect(screen.getByText('Too many requests. Please try again later.')).toBeDefined();
    expect(onSubmitted).not.toHaveBeenCalled();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your testimonial').value).toBe(
      'The sourdough is the best in town.',
    );
    expect(screen.getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Ann Baker');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '5 stars' }).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Submit Testimonial' })).toBeDefined();
  });

  it('says so when the check did not pass, and passes it on the next try', async () => {
    serveFormUnderBurst({ refusals: 1 });
    const { user, onSubmitted } = renderForm();
    await fillAndSend(user);
    expect(await screen.findByText(submissionCheckMessages.failed)).toBeDefined();
    expect(onSubmitted).not.toHaveBeenCalled();

    // The form asked once already: the next send does the check first, and is not refused again.
    await user.click(await screen.findByRole('button', { name: 'Submit Testimonial' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('testimonial-3'));
  });
});

const addProductPhoto = (user: ReturnType<typeof renderScreen>['user'], name = 'cake.png') =>
  chooseFiles(user, screen.getByRole('button', { name: 'Add photos of the product' }), [
    createImageFile(name),
  ]);

const productPhotos = () => screen.getByRole('list', { name: 'Product photos' });

describe('TestimonialForm: photos under a burst', () => {
  it('passes the check the form asks for when a photo is added, uploads it, and sends the testimonial with a proof at once', async () => {
    let open = () => {};
    const sent = serveFormUnderBurst({
      challengeGate: new Promise<void>((resolve) => (open = resolve)),
    });
    const asked = serveUploadsUnderBurst();
    const { user, onSubmitted } = renderForm();
    await addProductPhoto(user);

    expect(await screen.findByRole('button', { name: 'Checking your browser...' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toMatch(/quick check/);
    open();
    await waitFor(() => expect(within(productPhotos()).queryByRole('progressbar')).toBeNull());
    expect(within(productPhotos()).getByRole('img', { name: 'Product photo 1' })).toBeDefined();
    expect(asked).toHaveLength(2);
    expect(asked[0]).toEqual({ slug: 'acme-bakery' });
    expect(await isSolved(asked[1]!.proof)).toBe(true);

    await fillAndSend(user);
    await waitFor(() => expect(onSubmitted).toHaveBeenCalledWith('testimonial-1'));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ productImageUrls: ['/objects/uploads/product-image-2'] });
    expect(await isSolved(sent[0]!.proof)).toBe(true);
  });

  it('keeps the photo and what was typed when the check cannot be done, and uploads it on Retry', async () => {
    serveFormUnderBurst();
    serveUploadsUnderBurst();
    let challenges = 0;
    server.use(
      mock(getSubmissionChallenge, async ({ params }) => {
        challenges += 1;
        if (challenges === 1) {
          return apiErrorResponse(
            429,
            'RATE_LIMITED',
            'Too many requests. Please try again later.',
          );
        }
        return { challenge: await easyChallenge(params.slug) };
      }),
    );
    const { user, onSubmitted } = renderForm();
    await user.type(
      screen.getByLabelText('Your testimonial'),
      'The sourdough is the best in town.',
    );
    await addProductPhoto(user);

    expect(await screen.findByText('Failed to upload image. Please try again.')).toBeDefined();
    expect(screen.getByText('Too many requests. Please try again later.')).toBeDefined();
    expect(within(productPhotos()).getByRole('img', { name: 'Product photo 1' })).toBeDefined();
    expect(screen.getByLabelText<HTMLTextAreaElement>('Your testimonial').value).toBe(
      'The sourdough is the best in town.',
    );
    // Not sent without it: the form says what to do.
    await user.click(screen.getByRole('button', { name: 'Submit Testimonial' }));
    expect(
      await screen.findAllByText('A photo did not upload. Retry it, or remove it.'),
    ).not.toHaveLength(0);
    expect(onSubmitted).not.toHaveBeenCalled();

    await user.click(
      within(productPhotos()).getByRole('button', { name: 'Retry upload of product photo 1' }),
    );
    await waitFor(() =>
      expect(within(productPhotos()).queryByRole('button', { name: /Retry/ })).toBeNull(),
    );
    // The toast that told of the failure is closed once the photo is tried again.
    await waitFor(() =>
      expect(screen.queryByText('Too many requests. Please try again later.')).toBeNull(),
    );
    await waitFor(() => expect(within(productPhotos()).queryByRole('progressbar')).toBeNull());
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText(/^Name/), 'Ann Baker');
    await user.click(screen.getByRole('button', { name: 'Submit Testimonial' }));
    await waitFor(() => expect(onSubmitted).toHaveBeenCalled());
  });

  it('asks for a new upload URL with the check when a URL handed out before the burst is refused at the PUT', async () => {
    serveFormUnderBurst();
    const asked = serveUploadsUnderBurst({ uncheckedPuts: 1 });
    const { user } = renderForm();
    await addProductPhoto(user);
    await waitFor(() => expect(asked).toHaveLength(2));
    await waitFor(() => expect(within(productPhotos()).queryByRole('progressbar')).toBeNull());
    expect(within(productPhotos()).getByRole('img', { name: 'Product photo 1' })).toBeDefined();
    expect(await isSolved(asked[1]!.proof)).toBe(true);
    expect(within(productPhotos()).queryByRole('button', { name: /Retry/ })).toBeNull();
  });
});
