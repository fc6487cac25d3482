// The import calls (docs/product/imports.md#calls): the owner's, in the session scope, and the API v1's, in the public
// scope. Each sits in a scope of its own whose only parsers hand the body over as a stream (CSV, JSON), so the file is
// read as it arrives and never held whole; a declared length over 10 MB is refused before a byte is read.
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import * as contracts from '../../../shared/contracts/imports.js';
import { IMPORT_MAX_BYTES } from '../../../shared/schemas/imports.js';
import { badRequest } from '../../errors.js';
import { route } from '../../plugins/contract-route.js';
import { keepAnswersOutOfCaches } from '../../plugins/no-store.js';
import { fileTooLarge, type ImportFileKind } from './read-file.js';
import * as importService from './service.js';

const KINDS: Record<string, ImportFileKind> = { 'text/csv': 'csv', 'application/json': 'json' };

const NO_FILE = 'Send the file as the body, with Content-Type text/csv or application/json';

function acceptFileStream(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(Object.keys(KINDS), (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > IMPORT_MAX_BYTES) {
      // The rest of the body is read and dropped until the connection closes.
      payload.on('error', () => {});
      done(fileTooLarge());
      return;
    }
    done(null, payload);
  });
}

function fileOf(request: FastifyRequest): { body: Readable; kind: ImportFileKind } {
  const mediaType = request.headers['content-type']?.split(';', 1)[0]?.trim().toLowerCase();
  const kind = mediaType === undefined ? undefined : KINDS[mediaType];
  // The parser above handed the body over as the request's own stream.
  const body: unknown = request.body;
  if (!kind || !(body instanceof Readable)) throw badRequest(NO_FILE);
  return { body, kind };
}

export const importRoutes: FastifyPluginAsync = async (app) => {
  route(app, contracts.listImportRuns, ({ deps, caller }) =>
    importService.listImportRuns(deps, caller.business.id),
  );
  await app.register(async (scope) => {
    acceptFileStream(scope);
    route(scope, contracts.importFile, ({ deps, caller, query, request }) =>
      importService.importFile(deps, caller.business.id, fileOf(request), query),
    );
  });
};

export const importApiRoutes: FastifyPluginAsync = async (app) => {
  keepAnswersOutOfCaches(app);
  acceptFileStream(app);
  route(app, contracts.importApiFile, ({ deps, caller, query, request }) =>
    importService.importFile(deps, caller.business.id, fileOf(request), query),
  );
};
