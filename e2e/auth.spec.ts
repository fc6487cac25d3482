// Account journeys as an owner meets them: the sign-up wizard, logout and
// login, password reset through the emailed link, account settings, the mobile
// menu and the signed-out guards.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  forgiveResponseErrors,
  fromNewestEmail,
  PASSWORD,
  registerOwner as registerOwnerAs,
  uniqueEmail,
} from './helpers';

/** Creates an account (and its business) through the API; signs in whoever owns `request`'s cookies. */
const registerOwner = (
  request: APIRequestContext,
  { businessName }: { businessName?: string } = {},
) => registerOwnerAs(request, { businessName, website: 'harbour-coffee.com' });

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/auth?tab=login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function expectDashboard(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
}

async function expectUpgradeScreen(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Upgrade to unlock Dashboard' })).toBeVisible();
}

/** The reset link of the newest email in the server's outbox addressed to `email`. */
function resetLinkFor(email: string): Promise<string> {
  return fromNewestEmail(
    email,
    (decoded) => /https?:\/\/[^\s"<>]+\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(decoded)?.[0],
    'a reset email',
  );
}

test('sign up in four steps, with Back and a reload, then log out and log back in', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  // Logo detection fetches the owner's website; answer it here with a logo the page may show.
  await page.route('**/api/business/detect-logo', (route) =>
    route.fulfill({ json: { logoUrl: '/favicon.svg' } }),
  );

  await page.goto('/');
  await page
    .getByRole('link', { name: /Add to My Site|Start/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/auth\?tab=register$/);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');

  // Step 1: business name.
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByLabel('Business Name')).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Business name is required' }),
  ).toBeVisible();
  await expect(page.getByLabel('Business Name')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Business Name').fill('Sunrise Bakery');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: website, with the detected logo.
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByLabel('Website URL')).toBeFocused();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Website is required')).toBeVisible();
  await page.getByLabel('Website URL').fill('not a website');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Please enter a valid website (e.g., example.com)')).toBeVisible();
  await page.getByLabel('Website URL').fill('sunrise-bakery.com');
  await page.getByLabel('Website URL').blur();
  await expect(page.getByText('Logo detected')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Logo found on your website' })).toBeVisible();

  // Back keeps what was typed.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await expect(page.getByLabel('Business Name')).toHaveValue('Sunrise Bakery');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByLabel('Website URL')).toHaveValue('sunrise-bakery.com');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: the account. A reload keeps the step and the data, never the password.
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.reload();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  const saved = await page.evaluate(() => sessionStorage.getItem('vouchly.signup'));
  expect(saved).toContain('Sunrise Bakery');
  expect(saved).not.toContain(PASSWORD);
  expect(saved).not.toContain('password');

  const terms = page.getByRole('link', {
    name: /Terms of Service & Privacy Policy \(opens in a new tab\)/,
  });
  await expect(terms).toHaveAttribute('href', '/terms');
  await expect(terms).toHaveAttribute('target', '_blank');
  await expect(terms).toHaveAttribute('rel', 'noopener noreferrer');

  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('You must agree to the terms of service to continue')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I agree to the/ }).check();
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Step 4: the upgrade offer, kept across a reload too.
  await expect(page.getByText('Your account has been created successfully.')).toBeVisible();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Unlock all features' })).toBeVisible();
  await page.reload();
  await expect(page.getByText('Step 4 of 4')).toBeVisible();
  await page.getByRole('button', { name: "Skip for now - I'll upgrade later" }).click();
  // Without paid access the dashboard is the upgrade screen (billing.spec.ts pays).
  await expectUpgradeScreen(page);
  expect(await page.evaluate(() => sessionStorage.getItem('vouchly.signup'))).toBeNull();
  await expect(page.getByRole('button', { name: /Account menu: Sunrise Bakery/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );

  // Log out from the user menu.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByRole('menu').getByText('sunrise-bakery.com')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('You have been logged out successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await page.goto('/account-settings');
  await expect(page).toHaveURL(/\/auth$/);

  // A wrong password is refused; the right one signs in.
  await logIn(page, email, 'not-the-password');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\?tab=login$/);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('You have been logged in successfully.')).toBeVisible();
  await expectUpgradeScreen(page);
});

test('forgot password: the emailed link sets a new password and the old one stops working', async ({
  page,
  request,
}) => {
  const { email } = await registerOwner(request);
  const newPassword = 'a-brand-new-secret';

  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByText('This password reset link is invalid or has expired.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request New Reset Link' })).toHaveAttribute(
    'href',
    '/forgot-password',
  );

  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(
    page.getByText("If an account with that email exists, we've sent you a password reset link."),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/auth');

  await page.goto(await resetLinkFor(email));
  await page.getByLabel('New Password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm New Password').fill('something-else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successfully' })).toBeVisible();
  await expect(
    page.getByText('Your password has been updated. You can now log in with your new password.'),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to Login' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  await logIn(page, email, PASSWORD);
  await expect(page.getByText('Login failed')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expectDashboard(page);
});

test('account settings change the business, the email and the password', async ({
  page,
  request,
  consoleErrors,
}) => {
  await registerOwner(page.request, { businessName: 'Old Name Bakery' });
  const taken = await registerOwner(request);
  const newEmail = uniqueEmail('moved');
  const newPassword = 'another-good-password';

  await page.goto('/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Account Settings' }).click();
  await expect(page).toHaveURL(/\/account-settings$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

  // Business name and website.
  const business = page.getByRole('region', { name: 'Business' });
  await expect(business.getByRole('img', { name: 'Old Name Bakery logo' })).toHaveText('O');
  await business.getByLabel('Business Name').fill('');
  await business.getByLabel('Website').fill('');
  await business.getByRole('button', { name: 'Save' }).click();
  await expect(business.getByText('Business name is required')).toBeVisible();
  await expect(business.getByText('Website URL is required')).toBeVisible();
  await business.getByLabel('Business Name').fill('New Name Bakery');
  await business.getByLabel('Website').fill('newname.example.com');
  await business.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Settings saved')).toBeVisible();
  await expect(page.getByRole('button', { name: /Account menu: New Name Bakery/ })).toBeVisible();

  // Email: it needs the current password; one in use is refused, a free one is taken.
  const emailCard = page.getByRole('region', { name: 'Email' });
  await emailCard.getByLabel('Email Address').fill('not-an-email');
  await emailCard.getByRole('button', { name: 'Update Email' }).click();
  await expect(emailCard.getByText('Invalid email format')).toBeVisible();
  await expect(emailCard.getByText('Current password is required')).toBeVisible();
  await emailCard.getByLabel('Email Address').fill(taken.email);
  await emailCard.getByLabel('Current Password').fill(PASSWORD);
  await emailCard.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText('Email is already in use')).toBeVisible();
  await emailCard.getByLabel('Email Address').fill(newEmail);
  await emailCard.getByLabel('Current Password').fill('wrong-password');
  await emailCard.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await emailCard.getByLabel('Current Password').fill(PASSWORD);
  await emailCard.getByRole('button', { name: 'Update Email' }).click();
  await expect(page.getByText('Email updated')).toBeVisible();
  // The wrong-password toast of the email card has left, so the password card's own is the only one below.
  await expect(page.getByText('Current password is incorrect')).toHaveCount(0);
  await expect(emailCard.getByLabel('Current Password')).toHaveValue('');
  await expect(emailCard.getByText(`You sign in with ${newEmail}.`)).toBeVisible();

  // Password: the current one must be right, and the form clears on success.
  const passwordCard = page.getByRole('region', { name: 'Password' });
  await passwordCard.getByRole('button', { name: 'Update Password' }).click();
  await expect(passwordCard.getByText('Current password is required')).toBeVisible();
  await passwordCard.getByLabel('Current Password').fill('wrong-password');
  await passwordCard.getByLabel('New Password', { exact: true }).fill(newPassword);
  await passwordCard.getByLabel('Confirm New Password').fill(`${newPassword}!`);
  await passwordCard.getByRole('button', { name: 'Update Password' }).click();
  await expect(passwordCard.getByText("Passwords don't match")).toBeVisible();
  await passwordCard.getByLabel('Confirm New Password').fill(newPassword);
  await passwordCard.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await passwordCard.getByLabel('Current Password').fill(PASSWORD);
  await passwordCard.getByRole('button', { name: 'Update Password' }).click();
  await expect(page.getByText('Password updated')).toBeVisible();
  await expect(passwordCard.getByLabel('Current Password')).toHaveValue('');
  await expect(passwordCard.getByLabel('New Password', { exact: true })).toHaveValue('');

  // The new email and password are the ones that sign in now.
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page.getByText('Logged out', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' }).first()).toBeVisible();
  await logIn(page, newEmail, newPassword);
  await expectDashboard(page);
  await expect(page.getByRole('button', { name: /Account menu: New Name Bakery/ })).toBeVisible();

  forgiveResponseErrors(consoleErrors, 409); // the email already in use
  forgiveResponseErrors(consoleErrors, 400); // the wrong current passwords
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu repeats the links, switches the theme and logs out', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await registerOwner(page.request, { businessName: 'Pocket Florist' });
    await page.goto('/');
    await expectDashboard(page);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByText('Pocket Florist')).toBeVisible();
    await expect(menu.getByText('harbour-coffee.com')).toBeVisible();
    for (const name of ['Dashboard', 'Testimonials', 'Widget', 'Collection Link', 'Requests']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    await menu.getByRole('radio', { name: 'Dark' }).click();
    await expect(page.locator('html')).toHaveClass(/dark/);

    await menu.getByRole('link', { name: 'Account Settings' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/account-settings$/);
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu.getByRole('link', { name: 'Account Settings' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await menu.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByText('You have been logged out successfully.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Start' }).first()).toBeVisible();
  });
});

test('signed-out visitors are sent to /auth from owner pages', async ({ page }) => {
  for (const route of ['/testimonials', '/widget', '/account-settings', '/setup', '/billing']) {
    await page.goto(route);
    await expect(page, `${route} redirects`).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  }
});
