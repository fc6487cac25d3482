// Account endpoints (docs/product/auth.md#calls), each declared in
// shared/contracts/auth.ts. HTTP only: sessions, rate limits and the throttles
// on secrets (secret-throttles.ts); the rules live in service.ts.
import type { FastifyPluginAsync } from 'fastify';
import * as contracts from '../../../shared/contracts/auth.js';
import { route } from '../../plugins/contract-route.js';
import { rateLimit, signedInUserKey } from '../../plugins/rate-limit.js';
import { endSession, renewSessionId, startSession } from '../../plugins/sessions.js';
import { adoptDetectedLogo } from '../business/logo.js';
import { afterAnswer, settleAfterAnswerWork } from './after-answer.js';
import { countingWrongSecrets, secretThrottles, setLoginAccount } from './secret-throttles.js';
import * as authService from './service.js';
import { HOUR_MS, MINUTE_MS } from '../../../shared/time.js';

export const authRoutes: FastifyPluginAsync = async (app) => {
  const limits = {
    forgotPasswordPerIp: rateLimit(app, {
      name: 'forgot-password:ip',
      max: 5,
      timeWindowMs: 15 * MINUTE_MS,
    }),
    // Besides the wrong-token throttle: caps the hashes one valid token can cost when sent many times at once.
    resetPasswordPerIp: rateLimit(app, {
      name: 'reset-password:ip',
      max: 20,
      timeWindowMs: 15 * MINUTE_MS,
    }),
    registerPerIp: rateLimit(app, { name: 'register:ip', max: 10, timeWindowMs: HOUR_MS }),
    // Its 409 "already in use" says an account exists: no faster than registration tells it (decision 0015).
    emailChangePerAccount: rateLimit(app, {
      name: 'email-change:user',
      max: 10,
      timeWindowMs: HOUR_MS,
      keyGenerator: signedInUserKey,
    }),
    emailChangePerIp: rateLimit(app, { name: 'email-change:ip', max: 10, timeWindowMs: HOUR_MS }),
  };
  const throttles = secretThrottles(app);
  const { currentPassword } = throttles;

  // Forgot-password mails and email change notices still on their way go out before the app closes.
  app.addHook('onClose', () => settleAfterAnswerWork(app));

  route(
    app,
    contracts.register,
    async ({ body, deps, request, reply }) => {
      const { user, business } = await authService.register(deps, body);
      await startSession(request, user.id);
      // The logo the wizard found on the website is fetched once the account exists and the answer
      // has gone: a slow or failing website never delays or breaks a registration (decision 0018).
      const { logoUrl } = body;
      if (logoUrl) {
        afterAnswer(app, reply, request.log, 'taking the detected logo', async () => {
          await adoptDetectedLogo(deps, business.id, logoUrl);
        });
      }
      return authService.toCurrentUser(user);
    },
    { onRequest: [limits.registerPerIp] },
  );

  route(
    app,
    contracts.login,
    async ({ body, deps, request, reply }) => {
      const { perIp, perAccount } = throttles.login;
      const account = await authService.findLoginAccount(deps, body.email);
      setLoginAccount(request, account.throttleKey);
      await perAccount.check(request, reply);
      const user = await countingWrongSecrets(request, [perIp, perAccount], () =>
        authService.authenticate(deps, account, body),
      );
      await startSession(request, user.id);
      return authService.toCurrentUser(user);
    },
    { onRequest: [throttles.login.perIp.check] },
  );

  // Anyone may sign out: without a session the answer is the same.
  route(app, contracts.logout, async ({ request, reply }) => {
    await endSession(request, reply);
    return { success: true as const, message: 'Logged out' };
  });

  route(app, contracts.getCurrentUser, ({ caller }) => authService.toCurrentUser(caller.user));

  route(
    app,
    contracts.forgotPassword,
    ({ body, deps, request, reply }) => {
      // The answer goes first and is the same for every email: the lookup, the token and the mail
      // happen after it, so its time cannot tell whether the account exists.
      afterAnswer(app, reply, request.log, 'password reset request', () =>
        authService.requestPasswordReset({ ...deps, log: request.log }, body.email),
      );
      return {
        success: true as const,
        message: "If an account with that email exists, we've sent you a password reset link.",
      };
    },
    { onRequest: [limits.forgotPasswordPerIp] },
  );

  route(
    app,
    contracts.resetPassword,
    async ({ body, deps, request }) => {
      await countingWrongSecrets(request, [throttles.resetToken.perIp], () =>
        authService.resetPassword(deps, body),
      );
      return {
        success: true as const,
        message: 'Your password has been updated. You can now log in with your new password.',
      };
    },
    { onRequest: [limits.resetPasswordPerIp, throttles.resetToken.perIp.check] },
  );

  route(
    app,
    contracts.changeEmail,
    async ({ body, caller, deps, request, reply }) => {
      const change = await countingWrongSecrets(
        request,
        [currentPassword.perIp, currentPassword.perAccount],
        () => authService.changeEmail(deps, caller.user, body),
      );
      const { previousEmail } = change;
      if (previousEmail) {
        afterAnswer(app, reply, request.log, 'email change notice', () =>
          authService.sendEmailChangedNotice(
            { ...deps, log: request.log },
            previousEmail,
            change.user,
          ),
        );
      }
      return authService.toCurrentUser(change.user);
    },
    {
      // Before the guard, as the throttles always ran.
      preHandler: [
        currentPassword.perIp.check,
        currentPassword.perAccount.check,
        limits.emailChangePerIp,
        limits.emailChangePerAccount,
      ],
    },
  );

  route(
    app,
    contracts.changePassword,
    async ({ body, caller, deps, request }) => {
      const { user } = caller;
      const passwordHash = await countingWrongSecrets(
        request,
        [currentPassword.perIp, currentPassword.perAccount],
        () => authService.checkPasswordChange(deps, user, body),
      );
      await renewSessionId(request);
      await authService.finishPasswordChange(
        deps,
        user.id,
        passwordHash,
        request.session.sessionId,
      );
      return { success: true as const, message: 'Your password has been updated.' };
    },
    { preHandler: [currentPassword.perIp.check, currentPassword.perAccount.check] },
  );
};
