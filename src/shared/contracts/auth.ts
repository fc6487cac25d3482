// Accounts: sign-up, sign-in, the password reset and the signed-in user's own account.
import { defineContract } from '../contract.js';
import {
  changeEmailInputSchema,
  changePasswordInputSchema,
  currentUserSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  okSchema,
  registerInputSchema,
  resetPasswordInputSchema,
} from '../schemas/auth.js';

export const register = defineContract({
  method: 'POST',
  path: '/api/register',
  access: 'visitor',
  summary: 'Creates an account and its business, and signs it in.',
  body: registerInputSchema,
  response: { 201: currentUserSchema },
});

export const login = defineContract({
  method: 'POST',
  path: '/api/login',
  access: 'visitor',
  summary: 'Signs in with an email and a password.',
  body: loginInputSchema,
  response: { 200: currentUserSchema },
});

// Answers the same without a session: signing out twice is no error.
export const logout = defineContract({
  method: 'POST',
  path: '/api/logout',
  access: 'visitorOrOwner',
  summary: 'Signs out: the session ends and its cookie is cleared.',
  response: { 200: okSchema },
});

export const getCurrentUser = defineContract({
  method: 'GET',
  path: '/api/auth/user',
  access: 'signedIn',
  summary: 'The signed-in user.',
  response: { 200: currentUserSchema },
});

export const forgotPassword = defineContract({
  method: 'POST',
  path: '/api/auth/forgot-password',
  access: 'visitor',
  summary:
    'Mails a password reset link when the email has an account; the same answer for every email.',
  body: forgotPasswordInputSchema,
  response: { 200: okSchema },
});

export const resetPassword = defineContract({
  method: 'POST',
  path: '/api/auth/reset-password',
  access: 'visitor',
  summary: "Sets a new password with a reset link's token, and ends the account's sessions.",
  body: resetPasswordInputSchema,
  response: { 200: okSchema },
});

export const changeEmail = defineContract({
  method: 'PATCH',
  path: '/api/auth/email',
  access: 'signedIn',
  summary: 'Changes the sign-in email (the current password required); the old address is told.',
  body: changeEmailInputSchema,
  response: { 200: currentUserSchema },
});

export const changePassword = defineContract({
  method: 'PATCH',
  path: '/api/auth/password',
  access: 'signedIn',
  summary: "Changes the password (the current one required) and ends the account's other sessions.",
  body: changePasswordInputSchema,
  response: { 200: okSchema },
});
