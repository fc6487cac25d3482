// Accounts: sign-up, sign-in, the password reset and the signed-in user's own account.
export {};
