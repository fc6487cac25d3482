// The collection page's settings and its QR code (docs/product/collection.md#calls):
// the owner's, with paid access.
import { z } from 'zod';
import {
  collectionSettingsSchema,
  updateCollectionSettingsInputSchema,
} from '../schemas/collection.js';
import { bytesBody, defineContract } from '../contract.js';

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

export const getCollectionQrCode = defineContract({
  method: 'GET',
  path: '/api/business/qr-code.png',
  access: 'paid',
  summary: 'A 300x300 PNG QR code of the collection link.',
  // Sent as bytes, never serialized.
  response: { 200: z.custom<Buffer>() },
  document: {
    response: {
      200: bytesBody('image/png', 'A QR code of the collection page.'),
    },
  },
});
