// Registers a route from its contract (src/shared/contract.ts): the schemas
// (every endpoint's failures added here, once), the guard its `access` names,
// run before the handler, and a check that the route sits in the scope its
// access belongs to (app.ts: cookie-free endpoints in the public scope, the
// rest beside the session plugin). The handler receives the parsed parts, the
// caller the guard found and the app's deps; it returns the answer, or the
// reply when it sent one itself (a file, a redirect, a 304).
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteOptions,
} from 'fastify';
import { z } from 'zod';
import {
  contractKey,
  pathParamNames,
  successStatusOf,
  type Access,
  type Contract,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ParsedQueryOf,
  type ReplyOf,
} from '../../shared/contract.js';
import { apiErrorSchema } from '../../shared/schemas/api-error.js';
import type { BusinessRow, UserRow } from '../db/schema.js';
import { depsOf, type Deps } from '../deps.js';
import { requireApiCallerBusiness, requirePaidAccess } from './access-guard.js';
import { apiKeyAuthOf, requireApiCaller } from './api-key-auth.js';
import { getUser, requireUser } from './auth-guard.js';
import { requireOwnBusiness } from './business-guard.js';

/** Every endpoint may fail, always in the one error shape. */
const failures = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** Who called, as the contract's access found them. */
type CallerOf<A extends Access> = A extends 'public' | 'visitor'
  ? Record<string, never>
  : A extends 'visitorOrOwner'
    ? { user: UserRow | null }
    : A extends 'signedIn' | 'paidUser'
      ? { user: UserRow }
      : { user: UserRow; business: BusinessRow };

const guards: { [A in Access]: (request: FastifyRequest) => Promise<CallerOf<A>> } = {
  public: () => Promise.resolve({}),
  visitor: () => Promise.resolve({}),
  visitorOrOwner: async (request) => ({ user: await getUser(request) }),
  signedIn: async (request) => ({ user: await requireUser(request) }),
  paidUser: async (request) => ({ user: await requirePaidAccess(request) }),
  owner: async (request) => ({
    user: await requireUser(request),
    business: await requireOwnBusiness(request),
  }),
  paid: async (request) => ({
    user: await requirePaidAccess(request),
    business: await requireOwnBusiness(request),
  }),
  apiKey: async (request) => ({
    user: requireApiCaller(request).user,
    business: await requireApiCallerBusiness(request),
  }),
};

/** The endpoints that must not see a session (no cookie read, none set). */
const COOKIE_FREE: ReadonlySet<Access> = new Set<Access>(['public', 'apiKey']);

type HandlerInput<C extends Contract> = {
  params: ParsedParamsOf<C>;
  query: ParsedQueryOf<C>;
  body: ParsedBodyOf<C>;
  caller: CallerOf<C['access']>;
  deps: Deps;
  request: FastifyRequest;
  reply: FastifyReply;
};

type Handler<C extends Contract> = (
  input: HandlerInput<C>,
) => ReplyOf<C> | FastifyReply | Promise<ReplyOf<C> | FastifyReply>;

/** What a route may add beyond its contract: rate limits, body limits, hooks. */
type ExtraRouteOptions = Omit<
  RouteOptions,
  'method' | 'url' | 'schema' | 'handler' | 'path' | 'prefix'
>;

export function route<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: Handler<C>,
  options: ExtraRouteOptions = {},
): void {
  const key = contractKey(contract);
  assertParamsMatchPath(contract);
  const inSessionScope = app.hasRequestDecorator('session');
  if (COOKIE_FREE.has(contract.access) === inSessionScope) {
    throw new Error(
      `${key} (${contract.access}) belongs in the ${inSessionScope ? 'public' : 'session'} scope of app.ts`,
    );
  }
  const guard = guards[contract.access] as (
    request: FastifyRequest,
  ) => Promise<CallerOf<C['access']>>;
  const successStatus = successStatusOf(contract);
  // Widened: the handler below reads the parsed parts through the contract's types.
  const schema: FastifySchema = routeSchema(contract);
  const apiKeyHook = contract.access === 'apiKey' ? [apiKeyAuthOf(app)] : [];

  app.route({
    ...options,
    method: contract.method,
    url: contract.path,
    onRequest: [...apiKeyHook, ...[options.onRequest ?? []].flat()],
    schema,
    handler: async (request, reply) => {
      const caller = await guard(request);
      const answer = await handler({
        // Validated by the contract's schemas before the handler runs.
        params: request.params as ParsedParamsOf<C>,
        query: request.query as ParsedQueryOf<C>,
        body: request.body as ParsedBodyOf<C>,
        caller,
        deps: depsOf(request.server),
        request,
        reply,
      });
      if (answer === reply) return reply;
      if (reply.statusCode === 200 && successStatus !== 200) void reply.code(successStatus);
      return successStatus === 204 ? reply.send() : answer;
    },
  });
}

/** Fastify's schema of a contract's route: its parts, and its answers with the failures every endpoint has. */
export function routeSchema<C extends Contract>(contract: C) {
  return {
    ...(contract.params ? { params: contract.params } : {}),
    ...(contract.query ? { querystring: contract.query } : {}),
    ...(contract.body ? { body: contract.body } : {}),
    ...(contract.headers ? { headers: contract.headers } : {}),
    response: { ...contract.response, ...failures },
    // Typed part by part, so a type provider reads the parts a contract has (its absent ones are left out above).
  } as {
    params: C['params'];
    querystring: C['query'];
    body: C['body'];
    headers: C['headers'];
    response: C['response'] & typeof failures;
  };
}

/** A path's `:names` and its params schema's keys are the same (a rename in one must reach the other). */
function assertParamsMatchPath(contract: Contract): void {
  const named = pathParamNames(contract.path).sort();
  const declared =
    contract.params instanceof z.ZodObject ? Object.keys(contract.params.shape).sort() : [];
  if (named.join() !== declared.join()) {
    throw new Error(
      `${contractKey(contract)}: the path names [${named.join(', ')}], its params schema [${declared.join(', ')}]`,
    );
  }
}
