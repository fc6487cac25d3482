// The sign-up wizard as a new owner meets it (docs/product/auth.md#auth-screen): four
// steps with their progress, Back from step 2, each step checking its own
// fields with the messages of docs/product/auth.md#rules-and-messages, the logo
// found on the website, the account created with the documented payload, the failure toast, progress that survives
// a reload (never the password), and step 4's three ways out (subscribe,
// access code, skip), each clearing the stored progress.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { BodyOf } from '../../../../shared/contract';
import { register } from '../../../../shared/contracts/auth';
import { createCheckoutSession, redeemAccessCode } from '../../../../shared/contracts/billing';
import { detectLogo } from '../../../../shared/contracts/business';
import { servePlan } from '../../../testing/billing-factories';
import { renderScreen } from '../../../testing/render';
import { apiErrorResponse, mock, server } from '../../../testing/server';
import { createCurrentUser } from '../../../testing/session-factories';
import { AuthPage } from '../auth-page';
import { SIGNUP_STORAGE_KEY } from '../../../lib/signup-storage';

const LOGO_URL = 'https://sunrise.example/logo.png';
const PASSWORD = 'correct-horse-battery';

/**
 * POST /api/business/detect-logo (finding `logoUrl` for every website) and
 * POST /api/register (answering `registerAnswer`, else the new user). Answers
 * the bodies each was sent.
 */
function serveSignup({
  logoUrl = null,
  registerAnswer,
}: { logoUrl?: string | null; registerAnswer?: () => ReturnType<typeof apiErrorResponse> } = {}) {
  const calls = {
    detectLogo: [] as BodyOf<typeof detectLogo>[],
    register: [] as BodyOf<typeof register>[],
  };
  server.use(
    servePlan('local'),
    mock(detectLogo, ({ body }) => {
      calls.detectLogo.push(body);
      return { logoUrl };
    }),
    mock(register, ({ body }) => {
      calls.register.push(body);
      return registerAnswer?.() ?? createCurrentUser({ email: 'owner@sunrise.example' });
    }),
  );
  return calls;
}

function renderSignup() {
  return renderScreen(<AuthPage />, {
    path: '/auth?tab=register',
    routes: [{ path: '/', element: <h1>Home</h1> }],
  });
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });
const backButton = () => screen.queryByRole('button', { name: 'Back' });
const businessName = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Business Name' });
const website = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Website URL' });
const email = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' });
const password = () => screen.getByLabelText<HTMLInputElement>('Password');
const terms = () => screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ });

type User = ReturnType<typeof renderSignup>['user'];

async function throughStep1(user: User, name = 'Sunrise Bakery') {
  await user.type(businessName(), name);
  await user.click(continueButton());
  await screen.findByText('Step 2 of 4');
}

async function throughStep2(user: User, site = 'sunrise.example') {
  await user.type(website(), site);
  await user.click(continueButton());
  await screen.findByText('Step 3 of 4');
}

/** Fills in step 3 (email, password, terms) and presses Create Account. */
async function createAccount(user: User) {
  await user.type(email(), 'owner@sunrise.example');
  await user.type(password(), PASSWORD);
  await user.click(terms());
  await user.click(screen.getByRole('button', { name: 'Create Account' }));
}

describe('SignupWizard', () => {
  it('goes through the steps with their progress, and Back from step 2 on keeps what was typed', async () => {
    serveSignup();
    const { user } = renderSignup();

    expect(screen.getByText('Step 1 of 4')).toBeDefined();
    expect(backButton()).toBeNull();
    await throughStep1(user);

    expect(screen.getByText('Step 2 of 4')).toBeDefined();
    await user.type(website(), 'sunrise.example');
    await user.click(backButton()!);

    expect(screen.getByText('Step 1 of 4')).toBeDefined();
    expect(businessName().value).toBe('Sunrise Bakery');
    await user.click(continueButton());
    await screen.findByText('Step 2 of 4');
    expect(website().value).toBe('sunrise.example');
    await user.click(continueButton());

    await screen.findByText('Step 3 of 4');
    expect(screen.getByRole('button', { name: 'Create Account' })).toBeDefined();
    await user.click(backButton()!);

    expect(screen.getByText('Step 2 of 4')).toBeDefined();
    expect(website().value).toBe('sunrise.example');
  });

  it('stops each step at the documented message for a missing or wrong field', async () => {
    const calls = serveSignup();
    const { user } = renderSignup();

    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Business name is required');
    expect(screen.getByText('Step 1 of 4')).toBeDefined();
    await throughStep1(user);

    await user.type(website(), 'not a website');
    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please enter a valid website (e.g., example.com)',
    );
    expect(screen.getByText('Step 2 of 4')).toBeDefined();
    await user.clear(website());
    await throughStep2(user);

    await user.type(email(), 'owner@');
    await user.type(password(), 'short');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'Invalid email format',
        'Password must be at least 8 characters',
        'You must agree to the terms of service to continue',
      ]),
    );
    expect(screen.getByText('Step 3 of 4')).toBeDefined();
    expect(calls.register).toEqual([]);
  });

  it('checks a step when it is sent, not as a field loses focus, and a field again as it is corrected', async () => {
    serveSignup();
    const { user } = renderSignup();
    await user.click(businessName());
    await user.tab();
    expect(screen.queryByRole('alert')).toBeNull();

    await user.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Business name is required');
    await user.type(businessName(), 'S');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.clear(businessName());
    await throughStep1(user);
    await throughStep2(user);

    await user.type(email(), 'owner@sunrise.example');
    await user.tab();
    await user.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    await user.type(password(), PASSWORD);
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        'You must agree to the terms of service to continue',
      ]),
    );
    await user.click(terms());
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the logo found on the website', async () => {
    const calls = serveSignup({ logoUrl: LOGO_URL });
    const { user } = renderSignup();
    await throughStep1(user);

    await user.type(website(), 'sunrise.example');
    expect(screen.queryByText('Logo detected')).toBeNull();
    await user.tab();

    await screen.findByText('Logo detected');
    expect(
      screen.getByRole<HTMLImageElement>('img', { name: 'Logo found on your website' }).src,
    ).toBe(LOGO_URL);
    expect(calls.detectLogo).toEqual([{ website: 'https://sunrise.example' }]);
  });

  it('shows no logo panel when the website has none', async () => {
    const calls = serveSignup({ logoUrl: null });
    const { user } = renderSignup();
    await throughStep1(user);

    await user.type(website(), 'sunrise.example');
    await user.tab();

    await waitFor(() => expect(calls.detectLogo).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText('Looking for your logo…')).toBeNull());
    expect(screen.queryByText('Logo detected')).toBeNull();
  });

  it('Create Account posts the documented payload to /api/register and moves to the upgrade step', async () => {
    // The browser's time zone goes along, to be the business's.
    const inAuckland = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
      ...new Intl.DateTimeFormat().resolvedOptions(),
      timeZone: 'Pacific/Auckland',
    });
    onTestFinished(() => inAuckland.mockRestore());
    const calls = serveSignup();
    const { user } = renderSignup();
    await throughStep1(user);
    await throughStep2(user);

    await createAccount(user);

    await screen.findByText('Step 4 of 4');
    expect(calls.register).toEqual([
      {
        businessName: 'Sunrise Bakery',
        website: 'sunrise.example',
        email: 'owner@sunrise.example',
        password: PASSWORD,
        agreeToTerms: true,
        timeZone: 'Pacific/Auckland',
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Unlock all features' })).toBeDefined();
    expect(screen.getByText('Welcome!')).toBeDefined();
    expect(backButton()).toBeNull();
  });

  it('sends the logo it showed as detected with the registration, for the server to keep', async () => {
    const calls = serveSignup({ logoUrl: LOGO_URL });
    const { user } = renderSignup();
    await throughStep1(user);
    await user.type(website(), 'sunrise.example');
    await user.tab();
    await screen.findByText('Logo detected');
    await user.click(continueButton());
    await screen.findByText('Step 3 of 4');

    await createAccount(user);

    await screen.findByText('Step 4 of 4');
    expect(calls.register).toEqual([
      {
        businessName: 'Sunrise Bakery',
        website: 'sunrise.example',
        email: 'owner@sunrise.example',
        password: PASSWORD,
        agreeToTerms: true,
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        logoUrl: LOGO_URL,
      },
    ]);
  });

  it('sends no logo the server could not fetch: only an absolute http(s) address goes along', async () => {
    const calls = serveSignup({ logoUrl: '/brand/logo.png' });
    const { user } = renderSignup();
    await throughStep1(user);
    await user.type(website(), 'sunrise.example');
    await user.tab();
    await screen.findByText('Logo detected');
    await user.click(continueButton());
    await screen.findByText('Step 3 of 4');

    await createAccount(user);

    await screen.findByText('Step 4 of 4');
    expect(calls.register).toHaveLength(1);
    expect(calls.register[0]).not.toHaveProperty('logoUrl');
  });

  it("says why registration failed, with the server's message, and stays on the account step", async () => {
    const calls = serveSignup({
      registerAnswer: () =>
        apiErrorResponse(409, 'CONFLICT', 'An account with this email already exists'),
    });
    const { user } = renderSignup();
    await throughStep1(user);
    await throughStep2(user);

    await createAccount(user);

    await screen.findByText('Registration failed');
    expect(screen.getByText('An account with this email already exists')).toBeDefined();
    expect(calls.register).toHaveLength(1);
    expect(screen.getByText('Step 3 of 4')).toBeDefined();
    expect(email().value).toBe('owner@sunrise.example');
  });

  it('comes back to the same step with what was typed after a reload, but never the password', async () => {
    serveSignup();
    const first = renderSignup();
    await throughStep1(first.user);
    await throughStep2(first.user);
    await first.user.type(email(), 'owner@sunrise.example');
    await first.user.type(password(), PASSWORD);
    first.unmount();

    expect(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY)).not.toContain(PASSWORD);
    const { user } = renderSignup();

    expect(screen.getByText('Step 3 of 4')).toBeDefined();
    expect(email().value).toBe('owner@sunrise.example');
    expect(password().value).toBe('');
    await user.click(backButton()!);
    expect(website().value).toBe('sunrise.example');
    await user.click(backButton()!);
    expect(businessName().value).toBe('Sunrise Bakery');
  });

  describe('step 4', () => {
    afterEach(() => vi.restoreAllMocks());

    /** Through steps 1-3 to "Unlock all features". */
    async function reachUpgradeStep() {
      serveSignup();
      const view = renderSignup();
      await throughStep1(view.user);
      await throughStep2(view.user);
      await createAccount(view.user);
      await screen.findByRole('heading', { name: 'Unlock all features' });
      expect(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY)).not.toBeNull();
      return view;
    }

    it('offers the subscribe panel, the access-code box and Skip; Skip clears the progress and goes home', async () => {
      const { user } = await reachUpgradeStep();

      expect(screen.getByRole('region', { name: 'Annual Plan' })).toBeDefined();
      expect(await screen.findByText('Test checkout: no card is charged')).toBeDefined();
      expect(screen.getByRole('button', { name: 'Have an access code?' })).toBeDefined();
      await user.click(screen.getByRole('button', { name: "Skip for now - I'll upgrade later" }));

      expect(await screen.findByRole('heading', { name: 'Home' })).toBeDefined();
      expect(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY)).toBeNull();
    });

    it('Subscribe Now clears the progress and leaves for the checkout', async () => {
      const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
      const { user } = await reachUpgradeStep();
      server.use(
        mock(createCheckoutSession, () => ({
          isAlreadySubscribed: false,
          checkoutUrl: 'http://localhost:3000/checkout/test/cs_local_9',
        })),
      );

      await user.click(screen.getByRole('button', { name: 'Subscribe Now' }));

      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('http://localhost:3000/checkout/test/cs_local_9'),
      );
      expect(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY)).toBeNull();
    });

    it('an accepted access code clears the progress and goes home', async () => {
      const { user } = await reachUpgradeStep();
      server.use(
        mock(redeemAccessCode, () => ({
          success: true as const,
          message: 'Access code validated',
          user: createCurrentUser({ isFreeAccount: true }),
        })),
      );

      await user.click(screen.getByRole('button', { name: 'Have an access code?' }));
      await user.type(screen.getByRole('textbox', { name: 'Access Code' }), 'FRIENDS');
      await user.click(screen.getByRole('button', { name: 'Activate Account' }));

      expect(await screen.findByRole('heading', { name: 'Home' })).toBeDefined();
      expect(screen.getByText('Access granted!')).toBeDefined();
      expect(window.sessionStorage.getItem(SIGNUP_STORAGE_KEY)).toBeNull();
    });
  });
});
