// Cookie sessions stored in the `sessions` table (docs/security.md rule 2): HttpOnly,
// SameSite=Lax, Secure when the public URL is https; 7 days idle (rolling),
// 30 days absolute, both measured on the app clock (`app.clock`, which tests
// move); expired rows pruned at start and every hour.
// Registered only inside the session scope of app.ts: @fastify/cookie and
// @fastify/session hook every request of the scope they are registered in,
// so the public scope beside it (the widget, its script, uploaded images,
// health) never reads a session, never rolls one and never sends Set-Cookie.
import fastifyCookie from '@fastify/cookie';
import fastifySession from '@fastify/session';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { DrizzleSessionStore } from './session-store.js';
import { DAY_MS, HOUR_MS } from '../../shared/time.js';

export const SESSION_COOKIE = 'vouchly.sid';
export const SESSION_IDLE_MS = 7 * DAY_MS;
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
const PRUNE_INTERVAL_MS = HOUR_MS;

export async function registerSessions(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyCookie);

  const store = new DrizzleSessionStore(app.database.db, {
    idleMs: SESSION_IDLE_MS,
    absoluteMs: SESSION_ABSOLUTE_MS,
    now: app.clock,
  });
  await app.register(fastifySession, {
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
  });

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

/**
 * The request's session, or undefined in a scope without sessions (the public
 * scope), whatever @fastify/session's types say.
 */
const sessionOf = (request: FastifyRequest) =>
  request.session as FastifyRequest['session'] | undefined;

/** The signed-in user's id, or null. Never throws. */
export function getSessionUserId(request: FastifyRequest): string | null {
  return sessionOf(request)?.get('userId') ?? null;
}

/** Signs the user in on a fresh session id (no fixation: the old session row is deleted). */
export async function startSession(request: FastifyRequest, userId: string): Promise<void> {
  await request.session.regenerate();
  request.session.set('userId', userId);
  request.session.set('loginAt', request.server.clock().getTime());
}

/** Moves the current session to a new id, keeping who is signed in and since when. */
export async function renewSessionId(request: FastifyRequest): Promise<void> {
  await request.session.regenerate(['userId', 'loginAt']);
}

/** Deletes the session row (if any) and tells the browser to drop the cookie. */
export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await sessionOf(request)?.destroy();
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}
