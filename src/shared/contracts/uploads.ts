// Uploads (docs/product/uploads.md#calls): the upload URLs, one endpoint per
// purpose (its path from `uploadEndpoints`), the PUT of a file to one, and the
// stored images. The object endpoints are in the public scope: no session,
// never a cookie.
import { z } from 'zod';
import {
  uploadedObjectParamsSchema,
  uploadedObjectSchema,
  uploadEndpoints,
  uploadTokenParamsSchema,
  uploadUrlQuerySchema,
  uploadUrlRequestSchema,
  uploadUrlSchema,
  type UploadPurpose,
} from '../schemas/uploads.js';
import { bytesBody, defineContract } from '../contract.js';

/** What every upload URL endpoint takes: nothing from the owner, `{ slug, proof? }` (or `?slug=`) from a visitor. */
const uploadUrlParts = {
  method: 'POST',
  body: uploadUrlRequestSchema,
  query: uploadUrlQuerySchema,
  response: { 200: uploadUrlSchema },
} as const;

export const requestLogoUploadUrl = defineContract({
  ...uploadUrlParts,
  path: uploadEndpoints.logo,
  // Account settings, open without paid access; never a visitor's (a slug is ignored).
  access: 'owner',
  summary: "An upload URL for the owner's logo (PNG, JPEG, WebP, GIF, AVIF or SVG).",
});

// The photo purposes: a visitor's with the collection page's `slug` (its
// business's upload, rate-limited per address), else the paying owner's, whose
// guard the handler runs only then (uploads/routes.ts).
export const requestProductImageUploadUrl = defineContract({
  ...uploadUrlParts,
  path: uploadEndpoints['product-image'],
  access: 'visitorOrOwner',
  summary: "An upload URL for a product photo: the owner's, or a visitor's of the form `slug`.",
});

export const requestBeforeAfterImageUploadUrl = defineContract({
  ...uploadUrlParts,
  path: uploadEndpoints['before-after-image'],
  access: 'visitorOrOwner',
  summary:
    "An upload URL for a before or after photo: the owner's, or a visitor's of the form `slug`.",
});

export const requestAuthorImageUploadUrl = defineContract({
  ...uploadUrlParts,
  path: uploadEndpoints['author-image'],
  access: 'visitorOrOwner',
  summary: "An upload URL for an author photo: the owner's, or a visitor's of the form `slug`.",
});

/** The upload URL endpoint of each purpose. */
export const uploadUrlContracts = {
  logo: requestLogoUploadUrl,
  'product-image': requestProductImageUploadUrl,
  'before-after-image': requestBeforeAfterImageUploadUrl,
  'author-image': requestAuthorImageUploadUrl,
} as const satisfies Record<UploadPurpose, unknown>;

export const getUploadedObject = defineContract({
  method: 'GET',
  path: '/objects/uploads/:file',
  access: 'public',
  section: 'files',
  summary: 'A stored image, public by its unguessable name.',
  params: uploadedObjectParamsSchema,
  // Streamed from the storage: the handler sends it, the serializer never sees it.
  response: { 200: z.custom<unknown>() },
  document: {
    response: {
      200: bytesBody(
        'image/*',
        'The image (JPEG, PNG, WebP, GIF, AVIF, or an SVG logo); cached as immutable.',
      ),
    },
  },
});

export const putUpload = defineContract({
  method: 'PUT',
  path: '/objects/upload/:token',
  access: 'public',
  section: 'files',
  summary: 'The file of an upload URL, its raw bytes: checked, re-encoded and stored.',
  params: uploadTokenParamsSchema,
  response: { 200: uploadedObjectSchema },
});
