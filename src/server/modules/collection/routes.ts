// Collection page settings and the collection QR code (docs/product/collection.md#collection-link-screen,
// docs/product/collection.md#calls). Each endpoint is declared in
// shared/contracts/collection.ts (paid access). HTTP only; the rules live in service.ts.
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as contracts from '../../../shared/contracts/collection.js';
import { route } from '../../plugins/contract-route.js';
import * as collectionService from './service.js';

export const collectionRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.getCollectionSettings, ({ deps, caller }) =>
    collectionService.getCollectionSettings(deps, caller.business.id),
  );

  route(app, contracts.updateCollectionSettings, ({ deps, caller, body }) =>
    collectionService.updateCollectionSettings(deps, caller.business.id, body),
  );

  route(app, contracts.downloadCollectionQrSvg, async ({ deps, caller, reply }) => {
    const file = await collectionService.collectionQrCodeFile(deps, caller.business, 'svg');
    return sendDownload(reply, file);
  });

  route(app, contracts.downloadCollectionQrPng, async ({ deps, caller, query, reply }) => {
    const file = await collectionService.collectionQrCodeFile(
      deps,
      caller.business,
      'png',
      query.size,
    );
    return sendDownload(reply, file);
  });
};

/** A file to save (the owner's own, never cached by anyone else). */
function sendDownload(reply: FastifyReply, file: collectionService.QrCodeFile) {
  return reply
    .type(file.contentType)
    .header('cache-control', 'private, no-cache')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .send(file.body);
}
