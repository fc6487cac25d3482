// Account endpoints (docs/product/auth.md#calls). HTTP only: validation, sessions, rate limits
// and the throttles on secrets (secret-throttles.ts); the rules live in service.ts.
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
import { rateLimit, signedInUserKey } from '../../plugins/rate-limit.js';
import { endSession, renewSessionId, startSession } from '../../plugins/sessions.js';
import { adoptDetectedLogo } from '../business/logo.js';
import { logoFetchPolicy } from '../business/service.js';
import { afterAnswer, settleAfterAnswerWork } from './after-answer.js';
import { countingWrongSecrets, secretThrottles, setLoginAccount } from './secret-throttles.js';
import * as authService from './service.js';
import { depsOf } from '../../deps.js';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time.js';

const FIFTEEN_MINUTES = 15 * MINUTE_MS;
const ONE_HOUR = HOUR_MS;

const errors = { '4xx': apiErrorSchema, '5xx': apiErrorSchema };

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { config } = app;

  const limits = {
    forgotPasswordPerIp: rateLimit(app, { name: 'forgot-password:ip', max: 5, timeWindowMs: FIFTEEN_MINUTES }),
    // Besides the wrong-token throttle: caps the hashes one valid token can cost when sent many times at once.
    resetPasswordPerIp: rateLimit(app, { name: 'reset-password:ip', max: 20, timeWindowMs: FIFTEEN_MINUTES }),
    registerPerIp: rateLimit(app, { name: 'register:ip', max: 10, timeWindowMs: ONE_HOUR }),
    // Its 409 "already in use" says an account exists: no faster than registration tells it (decision 0015).
    emailChangePerAccount: rateLimit(app, {
      name: 'email-change:user',
      max: 10,
      timeWindowMs: ONE_HOUR,
      keyGenerator: signedInUserKey,
    }),
    emailChangePerIp: rateLimit(app, { name: 'email-change:ip', max: 10, timeWindowMs: ONE_HOUR }),
  };
  const throttles = secretThrottles(app);
  const { currentPassword } = throttles;

  // Forgot-password mails and email change notices still on their way go out before the app closes.
  app.addHook('onClose', () => settleAfterAnswerWork(app));

  app.post(
    '/api/register',
    {
      schema: { body: registerInputSchema, response: { 201: currentUserSchema, ...errors } },
      onRequest: [limits.registerPerIp],
    },
    async (request, reply) => {
      const { user, business } = await authService.register(db, config, request.body);
      await startSession(request, user.id);
      // The logo the wizard found on the website is fetched once the account exists and the answer
      // has gone: a slow or failing website never delays or breaks a registration (decision 0018).
      const { logoUrl } = request.body;
      if (logoUrl) {
        afterAnswer(app, reply, request.log, 'taking the detected logo', async () => {
          await adoptDetectedLogo(depsOf(app), logoFetchPolicy(config), business.id, logoUrl);
        });
      }
      return reply.code(201).send(authService.toCurrentUser(user));
    },
  );

  app.post(
    '/api/login',
    {
      schema: { body: loginInputSchema, response: { 200: currentUserSchema, ...errors } },
      onRequest: [throttles.login.perIp.check],
    },
    async (request, reply) => {
      const { perIp, perAccount } = throttles.login;
      const account = await authService.findLoginAccount(db, request.body.email);
      setLoginAccount(request, account.throttleKey);
      await perAccount.check(request, reply);
      const user = await countingWrongSecrets(request, [perIp, perAccount], () =>
        authService.authenticate(config, account, request.body),
      );
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
    async (request, reply) => {
      // The answer goes first and is the same for every email: the lookup, the token and the mail
      // happen after it, so its time cannot tell whether the account exists.
      const { email } = request.body;
      afterAnswer(app, reply, request.log, 'password reset request', () =>
        authService.requestPasswordReset(db, config, app.mailer, request.log, email),
      );
      return {
        success: true as const,
        message: "If an account with that email exists, we've sent you a password reset link.",
      };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: { body: resetPasswordInputSchema, response: { 200: okSchema, ...errors } },
      onRequest: [limits.resetPasswordPerIp, throttles.resetToken.perIp.check],
    },
    async (request) => {
      await countingWrongSecrets(request, [throttles.resetToken.perIp], () =>
        authService.resetPassword(db, config, request.body),
      );
      return {
        success: true as const,
        message: 'Your password has been updated. You can now log in with your new password.',
      };
    },
  );

  app.patch(
    '/api/auth/email',
    {
      schema: { body: changeEmailInputSchema, response: { 200: currentUserSchema, ...errors } },
      preHandler: [
        currentPassword.perIp.check,
        currentPassword.perAccount.check,
        limits.emailChangePerIp,
        limits.emailChangePerAccount,
      ],
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const change = await countingWrongSecrets(request, [currentPassword.perIp, currentPassword.perAccount], () =>
        authService.changeEmail(db, user, request.body),
      );
      const { previousEmail } = change;
      if (previousEmail) {
        afterAnswer(app, reply, request.log, 'email change notice', () =>
          authService.sendEmailChangedNotice(config, app.mailer, request.log, previousEmail, change.user),
        );
      }
      return authService.toCurrentUser(change.user);
    },
  );

  app.patch(
    '/api/auth/password',
    {
      schema: { body: changePasswordInputSchema, response: { 200: okSchema, ...errors } },
      preHandler: [currentPassword.perIp.check, currentPassword.perAccount.check],
    },
    async (request) => {
      const user = await requireUser(request);
      const passwordHash = await countingWrongSecrets(request, [currentPassword.perIp, currentPassword.perAccount], () =>
        authService.checkPasswordChange(config, user, request.body),
      );
      await renewSessionId(request);
      await authService.finishPasswordChange(db, user.id, passwordHash, request.session.sessionId);
      return { success: true as const, message: 'Your password has been updated.' };
    },
  );
};
