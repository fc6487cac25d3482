// Cookie sessions stored in the `sessions` table (SECURITY.md §2): HttpOnly,
// SameSite=Lax, Secure when the public URL is https; 7 days idle (rolling),
// 30 days absolute; expired rows pruned at start and every hour.
// A route with `config: { session: false }` (the public, cacheable widget
// reads) skips sessions altogether: no store read, no rolled expiry, no
// Set-Cookie on an answer that shared caches may keep, and no per-request cost.
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { DrizzleSessionStore } from './session-store.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route never reads the session nor answers with the session cookie. */
    session?: boolean;
  }
}

export const SESSION_COOKIE = 'vouchly.sid';
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

export async function registerSessions(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyCookie);

  const store = new DrizzleSessionStore(app.database.db, {
    idleMs: SESSION_IDLE_MS,
    absoluteMs: SESSION_ABSOLUTE_MS,
  });
  await withSessionlessRoutes(app, () => app.register(fastifySession, {
    secret: config.sessionSecret,
    cookieName: SESSION_COOKIE,
    cookie: {
      httpOnly: true,
      sameSite: 'lax',
      // A Secure cookie is only set on requests that arrive over https; behind a
      // TLS-terminating proxy that needs TRUST_PROXY so X-Forwarded-Proto counts.
      secure: new URL(config.baseUrl).protocol === 'https:',
      path: '/',
      maxAge: SESSION_IDLE_MS,
    },
    store,
    saveUninitialized: false,
    rolling: true,
  }));

  const prune = async () => {
    try {
      const removed = await store.prune();
      if (removed > 0) app.log.info({ removed }, 'pruned expired sessions');
    } catch (error) {
      app.log.warn({ err: error }, 'could not prune expired sessions');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await prune();
    timer = setInterval(() => void prune(), PRUNE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
  });
}

/** The signed-in user's id, or null. Never throws. */
export function getSessionUserId(request: FastifyRequest): string | null {
  return request.session?.get('userId') ?? null;
}

/** Signs the user in on a fresh session id (no fixation: the old session row is deleted). */
export async function startSession(request: FastifyRequest, userId: string): Promise<void> {
  await request.session.regenerate();
  request.session.set('userId', userId);
  request.session.set('loginAt', Date.now());
}

/** Moves the current session to a new id, keeping who is signed in and since when. */
export async function renewSessionId(request: FastifyRequest): Promise<void> {
  await request.session.regenerate(['userId', 'loginAt']);
}

/** Deletes the session row (if any) and tells the browser to drop the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) await request.session.destroy();
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

type HookFunction = (this: FastifyInstance, ...args: unknown[]) => unknown;

/** `hook` (a callback-style onRequest or onSend hook), except on routes whose config says `session: false`. */
function unlessSessionless(hook: HookFunction): HookFunction {
  return function (this: FastifyInstance, ...args: unknown[]) {
    const request = args[0] as FastifyRequest;
    if (request.routeOptions.config.session !== false) return hook.apply(this, args);
    const done = args[args.length - 1] as (error?: null, payload?: unknown) => void;
    // onSend is (request, reply, payload, done) and passes the payload on; onRequest is (request, reply, done).
    return args.length === 4 ? done(null, args[2]) : done();
  };
}

/**
 * Runs `register` (of @fastify/session) so that its hooks (onRequest: load the session;
 * onSend: save it and set the cookie) let `session: false` routes through.
 * Fastify has no per-route opt-out of a global hook, so the hooks the plugin
 * adds while it registers are wrapped. The session tests check that sessions
 * still work everywhere else; the widget tests that these routes never roll
 * a session nor set its cookie.
 */
async function withSessionlessRoutes(app: FastifyInstance, register: () => PromiseLike<unknown>): Promise<void> {
  const original = Object.getOwnPropertyDescriptor(app, 'addHook');
  const addHook = app.addHook.bind(app);
  const wrapping = (name: string, hook: HookFunction) =>
    addHook(name as 'onRequest', (name === 'onRequest' || name === 'onSend' ? unlessSessionless(hook) : hook) as never);
  app.addHook = wrapping as unknown as typeof app.addHook;
  try {
    await register();
  } finally {
    if (original) Object.defineProperty(app, 'addHook', original);
  }
}
