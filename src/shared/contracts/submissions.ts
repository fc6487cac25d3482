// The public form (docs/product/collection.md#calls): a customer's submission and
// the browser check a form under a burst asks for (docs/decisions/0022). Anyone
// may call them, signed in or not; no session is needed.
import {
  submissionBodySchema,
  submissionChallengeResultSchema,
  submissionResultSchema,
  submitParamsSchema,
} from '../schemas/submission.js';
import { defineContract } from '../contract.js';

export const submitTestimonial = defineContract({
  method: 'POST',
  path: '/api/submit/:slug',
  access: 'visitor',
  summary: "Sends a customer's testimonial to the business with this collection slug.",
  params: submitParamsSchema,
  // The fields are checked against the business's own collection settings, in the service.
  body: submissionBodySchema,
  response: { 201: submissionResultSchema },
});

export const getSubmissionChallenge = defineContract({
  method: 'GET',
  path: '/api/submit/:slug/challenge',
  access: 'visitor',
  summary:
    'A browser check for this form, to solve before sending while the form is under a burst.',
  params: submitParamsSchema,
  response: { 200: submissionChallengeResultSchema },
});
