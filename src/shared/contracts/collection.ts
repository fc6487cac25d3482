// The collection page's settings and its QR code (docs/product/collection.md#calls):
// the owner's, with paid access.
import { z } from 'zod';
import {
  collectionSettingsSchema,
  updateCollectionSettingsInputSchema,
} from '../schemas/collection.js';
import { bytesBody, defineContract } from '../contract.js';
import { QR_MAX_SIZE_PX, QR_MIN_SIZE_PX, QR_PRINT_SIZE_PX } from '../constants.js';

export const getCollectionSettings = defineContract({
  method: 'GET',
  path: '/api/collection-page-settings',
  access: 'paid',
  summary: "The owner's collection form settings (the defaults stored on the first read).",
  response: { 200: collectionSettingsSchema },
});

export const updateCollectionSettings = defineContract({
  method: 'PUT',
  path: '/api/collection-page-settings',
  access: 'paid',
  summary: 'Changes some of the collection form settings; the others keep their value.',
  body: updateCollectionSettingsInputSchema,
  response: { 200: collectionSettingsSchema },
});

export const downloadCollectionQrSvg = defineContract({
  method: 'GET',
  path: '/api/collection/qr.svg',
  access: 'paid',
  summary:
    "The collection link's QR code (with ?src=qr) as an SVG to download, the business's logo in the middle when it has one.",
  response: { 200: z.custom<string>() },
  document: {
    response: { 200: bytesBody('image/svg+xml', 'A QR code of the collection page.') },
  },
});

export const downloadCollectionQrPng = defineContract({
  method: 'GET',
  path: '/api/collection/qr.png',
  access: 'paid',
  summary:
    "The collection link's QR code (with ?src=qr) as a print-size PNG to download (1200 px unless `size` says), the logo in the middle when there is one.",
  query: z.object({
    size: z.coerce
      .number(`Size must be a whole number from ${QR_MIN_SIZE_PX} to ${QR_MAX_SIZE_PX}`)
      .int(`Size must be a whole number from ${QR_MIN_SIZE_PX} to ${QR_MAX_SIZE_PX}`)
      .min(
        QR_MIN_SIZE_PX,
        `Size must be a whole number from ${QR_MIN_SIZE_PX} to ${QR_MAX_SIZE_PX}`,
      )
      .max(
        QR_MAX_SIZE_PX,
        `Size must be a whole number from ${QR_MIN_SIZE_PX} to ${QR_MAX_SIZE_PX}`,
      )
      .default(QR_PRINT_SIZE_PX),
  }),
  response: { 200: z.custom<Buffer>() },
  document: {
    response: { 200: bytesBody('image/png', 'A QR code of the collection page.') },
  },
});
