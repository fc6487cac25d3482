// Moderation: the owner's testimonials, their images, stats, exports and bursts
// (docs/product/testimonials.md#calls). Every endpoint acts on the paying
// owner's business, taken from the session.
import { z } from 'zod';
import {
  authorImageInputSchema,
  authorImageResultSchema,
  beforeAfterImagesInputSchema,
  beforeAfterImagesResultSchema,
  bulkTestimonialsInputSchema,
  bulkTestimonialsResultSchema,
  deleteBurstPendingResultSchema,
  deleteTestimonialResultSchema,
  listTestimonialsQuerySchema,
  productImagesInputSchema,
  productImagesResultSchema,
  removeProductImageInputSchema,
  submissionBurstListSchema,
  submissionBurstParamsSchema,
  testimonialListSchema,
  testimonialParamsSchema,
  testimonialSchema,
  testimonialStatsSchema,
  updateTestimonialInputSchema,
} from '../schemas/testimonials.js';
import { defineContract, jsonBody, textBody } from '../contract.js';

export const listTestimonials = defineContract({
  method: 'GET',
  path: '/api/testimonials',
  access: 'paid',
  summary:
    'A page of the testimonials, filtered by status and search, with the count of each status.',
  query: listTestimonialsQuerySchema,
  response: { 200: testimonialListSchema },
});

export const getTestimonialStats = defineContract({
  method: 'GET',
  path: '/api/testimonials/stats',
  access: 'paid',
  summary: "The dashboard's figures: all, pending, submitted this month, and the average rating.",
  response: { 200: testimonialStatsSchema },
});

/** The file is streamed (never one 10,000-row string): the handler sends it, the serializer never sees it. */
const streamedFile = z.custom<unknown>();

export const exportTestimonialsCsv = defineContract({
  method: 'GET',
  path: '/api/testimonials/export.csv',
  access: 'paid',
  summary: 'Every testimonial as a CSV file to download.',
  response: { 200: streamedFile },
  document: {
    response: {
      200: textBody(
        'text/csv',
        'Every testimonial, newest first (RFC 4180, UTF-8 with a byte order mark).',
      ),
    },
  },
});

export const exportTestimonialsJson = defineContract({
  method: 'GET',
  path: '/api/testimonials/export.json',
  access: 'paid',
  summary: 'Every testimonial as a JSON file to download.',
  response: { 200: streamedFile },
  document: {
    response: { 200: jsonBody(z.array(testimonialSchema), 'Every testimonial, newest first.') },
  },
});

export const updateTestimonial = defineContract({
  method: 'PATCH',
  path: '/api/testimonials/:id',
  access: 'paid',
  summary: "Changes a testimonial's status, or edits its fields.",
  params: testimonialParamsSchema,
  body: updateTestimonialInputSchema,
  response: { 200: testimonialSchema },
});

export const deleteTestimonial = defineContract({
  method: 'DELETE',
  path: '/api/testimonials/:id',
  access: 'paid',
  summary: 'Deletes a testimonial and its images.',
  params: testimonialParamsSchema,
  response: { 200: deleteTestimonialResultSchema },
});

export const bulkTestimonials = defineContract({
  method: 'POST',
  path: '/api/testimonials/bulk',
  access: 'paid',
  summary: 'Approves, rejects or deletes several testimonials at once, all or none.',
  body: bulkTestimonialsInputSchema,
  response: { 200: bulkTestimonialsResultSchema },
});

export const listSubmissionBursts = defineContract({
  method: 'GET',
  path: '/api/testimonials/bursts',
  access: 'paid',
  summary: 'The bursts of submissions to the form that still have pending testimonials.',
  response: { 200: submissionBurstListSchema },
});

export const deleteBurstPending = defineContract({
  method: 'DELETE',
  path: '/api/testimonials/bursts/:id/pending',
  access: 'paid',
  summary: "Deletes a burst's testimonials that are still pending.",
  params: submissionBurstParamsSchema,
  response: { 200: deleteBurstPendingResultSchema },
});

export const setAuthorImage = defineContract({
  method: 'PUT',
  path: '/api/testimonials/:id/author-image',
  access: 'paid',
  summary: "Sets a testimonial's author photo to an author-image upload.",
  params: testimonialParamsSchema,
  body: authorImageInputSchema,
  response: { 200: authorImageResultSchema },
});

export const addProductImages = defineContract({
  method: 'PUT',
  path: '/api/testimonials/:id/product-images',
  access: 'paid',
  summary: 'Adds product-image uploads to a testimonial (five at most in all).',
  params: testimonialParamsSchema,
  body: productImagesInputSchema,
  response: { 200: productImagesResultSchema },
});

export const removeProductImage = defineContract({
  method: 'DELETE',
  path: '/api/testimonials/:id/product-images',
  access: 'paid',
  summary: 'Removes one product image from a testimonial.',
  params: testimonialParamsSchema,
  body: removeProductImageInputSchema,
  response: { 200: productImagesResultSchema },
});

export const setBeforeAfterImages = defineContract({
  method: 'PUT',
  path: '/api/testimonials/:id/before-after-images',
  access: 'paid',
  summary: "Sets or removes either side of a testimonial's before/after photos.",
  params: testimonialParamsSchema,
  body: beforeAfterImagesInputSchema,
  response: { 200: beforeAfterImagesResultSchema },
});
