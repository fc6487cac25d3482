// Account endpoints (SPEC §7). HTTP only: validation, sessions, rate limits;
// the rules live in service.ts.
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../shared/schemas/api-error.js';
import {
  changeEmailInputSchema,
  changePasswordInputSchema,
  currentUserSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  okSchema,
  registerInputSchema,
  resetPasswordInputSchema,
} from '../../../shared/schemas/auth.js';
import { requireUser } from '../../plugins/auth-guard.js';
import { clientIpKey, rateLimit } from '../../plugins/rate-limit.js';
import { endSession, renewSessionId, startSession } from '../../plugins/sessions.js';
import * as authService from './service.js';

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

/** The validated (trimmed, lowercased) email of the body; the IP if there is none. */
function bodyEmailKey(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : `ip:${clientIpKey(request)}`;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;

  const limits = {
    loginPerIp: rateLimit(app, { name: 'login:ip', max: 10, timeWindowMs: FIFTEEN_MINUTES }),
    loginPerEmail: rateLimit(app, {
      name: 'login:email',
      max: 5,
      timeWindowMs: FIFTEEN_MINUTES,
      keyGenerator: bodyEmailKey,
    }),
    forgotPasswordPerIp: rateLimit(app, { name: 'forgot-password:ip', max: 5, timeWindowMs: FIFTEEN_MINUTES }),
    registerPerIp: rateLimit(app, { name: 'register:ip', max: 10, timeWindowMs: ONE_HOUR }),
  };

  app.post(
    '/api/register',
    {
      schema: { body: registerInputSchema, response: { 201: currentUserSchema, ...errors } },
      onRequest: [limits.registerPerIp],
    },
    async (request, reply) => {
      const user = await authService.register(db, config, request.body);
      await startSession(request, user.id);
      return reply.code(201).send(authService.toCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    {
      schema: { body: loginInputSchema, response: { 200: currentUserSchema, ...errors } },
      onRequest: [limits.loginPerIp],
      // Keyed on the validated body, so it runs after validation.
      preHandler: [limits.loginPerEmail],
    },
    async (request) => {
      const user = await authService.authenticate(db, config, request.body);
      await startSession(request, user.id);
      return authService.toCurrentUser(user);
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 200: okSchema, ...errors } } },
    async (request, reply) => {
      await endSession(request, reply);
      return { success: true as const, message: 'Logged out' };
    },
  );

  app.get(
    '/api/auth/user',
    { schema: { response: { 200: currentUserSchema, ...errors } } },
    async (request) => authService.toCurrentUser(await requireUser(request)),
  );

  app.post(
    '/api/auth/forgot-password',
    {
      schema: { body: forgotPasswordInputSchema, response: { 200: okSchema, ...errors } },
      onRequest: [limits.forgotPasswordPerIp],
    },
    async (request) => {
      await authService.requestPasswordReset(db, config, app.mailer, request.log, request.body.email);
      return {
        success: true as const,
        message: "If an account with that email exists, we've sent you a password reset link.",
      };
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: resetPasswordInputSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await authService.resetPassword(db, config, request.body);
      return {
        success: true as const,
        message: 'Your password has been updated. You can now log in with your new password.',
      };
    },
  );

  app.patch(
    '/api/auth/email',
    { schema: { body: changeEmailInputSchema, response: { 200: currentUserSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      return authService.toCurrentUser(await authService.changeEmail(db, user, request.body.email));
    },
  );

  app.patch(
    '/api/auth/password',
    { schema: { body: changePasswordInputSchema, response: { 200: okSchema, ...errors } } },
    async (request) => {
      const user = await requireUser(request);
      const passwordHash = await authService.checkPasswordChange(config, user, request.body);
      await renewSessionId(request);
      await authService.finishPasswordChange(db, user.id, passwordHash, request.session.sessionId);
      return { success: true as const, message: 'Your password has been updated.' };
    },
  );
};
