// The OpenAPI document and its reference page (Swagger UI), in the public
// scope: plugins/openapi.ts answers GET /api/openapi.json from its contract;
// @fastify/swagger-ui registers the reference's own routes, so theirs are for
// the document and the route table only.
import { z } from 'zod';
import {
  bytesBody,
  defineContract,
  htmlBody,
  jsonBody,
  noBody,
  textBody,
  wildcardParams,
} from '../contract.js';

/** The document's one required field; the rest is whatever the routes declare. */
const openApiDocumentSchema = z.looseObject({ openapi: z.string() });

export const getOpenApiDocument = defineContract({
  method: 'GET',
  path: '/api/openapi.json',
  access: 'public',
  section: 'reference',
  summary: 'This document: OpenAPI 3.1, generated from the routes.',
  response: { 200: openApiDocumentSchema },
});

export const getApiReference = defineContract({
  method: 'GET',
  path: '/docs/api',
  access: 'public',
  section: 'reference',
  summary: 'The API reference page (Swagger UI).',
  response: { 200: z.string() },
  document: {
    response: { 200: htmlBody('The API reference (Swagger UI), served whole by the server.') },
  },
});

export const getApiReferenceJson = defineContract({
  method: 'GET',
  path: '/docs/api/json',
  access: 'public',
  section: 'reference',
  summary: "The reference's copy of this document, in JSON.",
  response: { 200: openApiDocumentSchema },
  document: {
    response: { 200: jsonBody(openApiDocumentSchema, 'This document, as the reference loads it.') },
  },
});

export const getApiReferenceYaml = defineContract({
  method: 'GET',
  path: '/docs/api/yaml',
  access: 'public',
  section: 'reference',
  summary: "The reference's copy of this document, in YAML.",
  response: { 200: z.string() },
  document: { response: { 200: textBody('application/x-yaml', 'This document in YAML.') } },
});

export const getApiReferenceIndex = defineContract({
  method: 'GET',
  path: '/docs/api/static/index.html',
  access: 'public',
  section: 'reference',
  summary: 'Redirects to the reference page.',
  response: { 302: z.null() },
  document: { response: { 302: noBody('To the reference page.') } },
});

export const getApiReferenceInitializer = defineContract({
  method: 'GET',
  path: '/docs/api/static/swagger-initializer.js',
  access: 'public',
  section: 'reference',
  summary: "The reference's start-up script.",
  response: { 200: z.string() },
  document: {
    response: { 200: textBody('application/javascript', "The reference's start-up script.") },
  },
});

export const getApiReferenceTheme = defineContract({
  method: 'GET',
  path: '/docs/api/static/theme/vouchly.css',
  access: 'public',
  section: 'reference',
  summary: "The reference's theme.",
  response: { 200: z.string() },
  document: { response: { 200: textBody('text/css', "The reference's theme.") } },
});

export const getApiReferenceFavicon = defineContract({
  method: 'GET',
  path: '/docs/api/static/theme/favicon.svg',
  access: 'public',
  section: 'reference',
  summary: "The reference's icon.",
  response: { 200: z.custom<Buffer>() },
  document: { response: { 200: bytesBody('image/svg+xml', "The reference's icon.") } },
});

export const getApiReferenceFile = defineContract({
  method: 'GET',
  path: '/docs/api/static/*',
  access: 'public',
  section: 'reference',
  summary: "A file of Swagger UI's bundle.",
  response: { 200: z.custom<Buffer>() },
  document: {
    params: wildcardParams,
    response: { 200: bytesBody('*/*', "A file of Swagger UI's bundle.") },
  },
});
