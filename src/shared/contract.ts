// An endpoint, declared once: its method, path, schemas and who may call it.
// The server registers its route from it (server/plugins/contract-route.ts:
// schemas, error answers, guard and scope), the OpenAPI document takes its
// section and security from it, the tenant matrix and the OpenAPI test read
// the list of them (contracts/index.ts), the client calls it
// (client/lib/api.ts `call`) and the component tests mock it
// (client/testing/server.ts `mock`). docs/decisions/0026-endpoint-contracts.md
// says why this is a thin layer of our own.
import { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

/**
 * Who may call an endpoint:
 * - `public`: anyone, without credentials; cookie-free (the public scope).
 * - `visitor`: anyone; a session may be read or started (login, the form).
 * - `visitorOrOwner`: anyone, and an owner's session counts when present
 *   (the form's photo uploads, asked for with the form's slug instead).
 * - `signedIn`: a signed-in user, with or without a business yet.
 * - `paidUser`: a signed-in user with paid access, with or without a
 *   business (what is the user's, not the business's: the API key, Wix sites).
 * - `owner`: a signed-in user and their business (404 before set-up).
 * - `paid`: the same, with paid access (403 `ACCESS_REQUIRED` without).
 * - `apiKey`: the bearer API key of an owner with paid access (API v1).
 */
export type Access =
  'public' | 'visitor' | 'visitorOrOwner' | 'signedIn' | 'paidUser' | 'owner' | 'paid' | 'apiKey';

/** The OpenAPI document's sections, in its order. */
export type Section = 'api' | 'widget' | 'files' | 'webhooks' | 'reference' | 'pages' | 'app';

/** What the document says of a body that is not JSON (bytes, a page, a stream). */
export type DocumentedResponse = {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
};

export type Contract = {
  readonly method: HttpMethod;
  /** Fastify's syntax: `:name` for a parameter, a final `*` for the rest. */
  readonly path: string;
  readonly access: Access;
  /** One line for the document and for whoever reads the list. */
  readonly summary: string;
  /** Default: `api` for `apiKey`, `app` for every other access. */
  readonly section?: Section;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly headers?: z.ZodType;
  /** The answers that succeed, by status; failures (`4xx`, `5xx`) are added once for every endpoint. */
  readonly response: Readonly<Partial<Record<200 | 201 | 202 | 204 | 302 | 304 | 404, z.ZodType>>>;
  /** For the document only: what a body that is not JSON really is. */
  readonly document?: {
    readonly body?: z.ZodType;
    /** The body's media types, when it is not JSON (an imported file). */
    readonly consumes?: readonly string[];
    readonly headers?: z.ZodType;
    readonly params?: z.ZodType;
    readonly response?: Readonly<Record<number, DocumentedResponse | z.ZodType>>;
  };
};

/** The status of an endpoint's success, at run time: as `SuccessStatus` below says. */
export function successStatusOf(contract: Pick<Contract, 'response'>): 200 | 201 | 202 | 204 {
  const declared = ([201, 202, 200] as const).find((status) => status in contract.response);
  return declared ?? 204;
}

/** Declares one endpoint; the literal types (method, path, schemas) are kept. */
export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

/** "METHOD /path": how the route table, the tenant matrix and the document name an endpoint. */
export const contractKey = (contract: Pick<Contract, 'method' | 'path'>): string =>
  `${contract.method} ${contract.path}`;

/** The names of a path's parameters: `'/a/:id/b/:name'` gives `'id' | 'name'`. */
type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values of a path's parameters, as the caller fills them in. */
export type PathParams<Path extends string> = { [Name in PathParamNames<Path>]: string };

/** The names of a path's parameters, read from the path at run time. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? '');
}

/** The path with its parameters filled in, each URL-encoded. */
function fillPath(path: string, params: Readonly<Record<string, string>> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

type Schema<
  C extends Contract,
  Part extends 'params' | 'query' | 'body',
> = C[Part] extends z.ZodType ? C[Part] : never;

/** The status of an endpoint's success: 201 or 202 when it declares one, else 200 (or 204). */
type SuccessStatus<C extends Contract> = 201 extends keyof C['response']
  ? 201
  : 202 extends keyof C['response']
    ? 202
    : 200 extends keyof C['response']
      ? 200
      : 204;

type SuccessSchema<C extends Contract> = C['response'][SuccessStatus<C>] extends z.ZodType
  ? C['response'][SuccessStatus<C>]
  : never;

/** What a successful call answers, once parsed (the client's type). */
export type ResponseOf<C extends Contract> = [SuccessSchema<C>] extends [never]
  ? undefined
  : z.output<SuccessSchema<C>>;

/** What the server's handler returns (the serializer's input). */
export type ReplyOf<C extends Contract> = [SuccessSchema<C>] extends [never]
  ? undefined
  : z.input<SuccessSchema<C>>;

/** The body a caller sends (the schema's input). */
export type BodyOf<C extends Contract> = [Schema<C, 'body'>] extends [never]
  ? undefined
  : z.input<Schema<C, 'body'>>;

/** The query a caller sends (the schema's input). */
type QueryOf<C extends Contract> = [Schema<C, 'query'>] extends [never]
  ? undefined
  : z.input<Schema<C, 'query'>>;

/** The parsed parts the server's handler receives (the schemas' output). */
export type ParsedParamsOf<C extends Contract> = [Schema<C, 'params'>] extends [never]
  ? Record<string, never>
  : z.output<Schema<C, 'params'>>;
export type ParsedQueryOf<C extends Contract> = [Schema<C, 'query'>] extends [never]
  ? Record<string, never>
  : z.output<Schema<C, 'query'>>;
export type ParsedBodyOf<C extends Contract> = [Schema<C, 'body'>] extends [never]
  ? undefined
  : z.output<Schema<C, 'body'>>;

type Part<Key extends string, Value> = [Value] extends [undefined]
  ? { readonly [K in Key]?: undefined }
  : { readonly [K in Key]: Value };

/**
 * What a caller gives: `params` when the path has some (named by the path,
 * so renaming one fails the typecheck wherever it is filled in), `query` and
 * `body` when the contract declares them.
 */
export type CallInput<C extends Contract> = ([PathParamNames<C['path']>] extends [never]
  ? { readonly params?: undefined }
  : { readonly params: PathParams<C['path']> }) &
  Part<'query', QueryOf<C>> &
  Part<'body', BodyOf<C>>;

/** The URL of a call: its path filled in and its query, `undefined` values left out. */
export function urlOf(
  contract: Pick<Contract, 'path'>,
  input: { params?: Readonly<Record<string, string>>; query?: unknown } = {},
): string {
  const path = fillPath(contract.path, input.params);
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) search.append(name, String(item));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

// What a contract's `document` says of a body that is not JSON (or is sent as
// bytes though it is JSON): one helper per kind, for every area.

/** A JSON body the route sends as bytes (a cached copy): the schema it follows. */
export const jsonBody = (schema: z.ZodType, description: string): DocumentedResponse => ({
  description,
  content: { 'application/json': { schema } },
});

/** Bytes of a file: an image, a download. */
export const bytesBody = (contentType: string, description: string): DocumentedResponse => ({
  description,
  content: { [contentType]: { schema: z.file() } },
});

/** Text that is not JSON: a script, a stylesheet, a CSV. */
export const textBody = (contentType: string, description: string): DocumentedResponse => ({
  description,
  content: { [contentType]: { schema: z.string() } },
});

/** A page. */
export const htmlBody = (description: string): DocumentedResponse =>
  textBody('text/html', description);

/** An answer without a body (a redirect, a 304): the document keeps the description. */
export const noBody = (description: string): z.ZodType => z.null().describe(description);

/** A wildcard's part of the path (Fastify's `*`), as the document names it (`path`). */
export const wildcardParams = z.object({
  path: z.string().describe('The path of the file, slashes included.'),
});
