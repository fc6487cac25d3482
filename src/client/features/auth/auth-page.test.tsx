// /auth with and without Wix connect parameters (docs/product/auth.md#auth-screen): the
// login card's title, where a successful login goes, the parameters kept
// across tabs, and a signed-in owner's way on to /wix/auth.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getCurrentUser, login } from '../../../shared/contracts/auth';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { createCurrentUser } from '../../testing/session-factories';
import { AuthPage } from './auth-page';

const INSTANCE = 'c2lnbmF0dXJl.eyJpbnN0YW5jZUlkIjoic2l0ZS0xMjMifQ';
const WIX_QUERY = `wix_site_id=site-123&redirect=wix-connect&instance=${INSTANCE}`;

/** Signed out until POST /api/login; answers the login bodies. */
function serveLogin({ signedIn = false } = {}) {
  const logins: unknown[] = [];
  let user = signedIn ? createCurrentUser() : null;
  server.use(
    mock(getCurrentUser, () => user ?? apiErrorResponse(401, 'UNAUTHORIZED', 'Unauthorized')),
    mock(login, ({ body }) => {
      logins.push(body);
      user = createCurrentUser();
      return user;
    }),
  );
  return logins;
}

function renderAuth(path: string) {
  return renderScreen(<AuthPage />, {
    path,
    routes: [
      { path: '/', element: <h1>Home</h1> },
      { path: '/wix/auth', element: <h1>Wix connect</h1> },
    ],
  });
}

async function logIn(user: ReturnType<typeof renderAuth>['user']) {
  await user.type(screen.getByLabelText('Email'), 'owner@sunrise.example');
  await user.type(screen.getByLabelText('Password'), 'correct-horse');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('AuthPage: Wix connect', () => {
  it('titles the login Connect to Wix and goes on to /wix/auth with the three parameters', async () => {
    const logins = serveLogin();
    const { user, router } = renderAuth(`/auth?tab=login&${WIX_QUERY}`);

    expect(screen.getByRole('heading', { name: 'Connect to Wix' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Welcome back' })).toBeNull();
    await logIn(user);

    expect(await screen.findByRole('heading', { name: 'Wix connect' })).toBeDefined();
    expect(logins).toEqual([{ email: 'owner@sunrise.example', password: 'correct-horse' }]);
    const { pathname, search } = router.state.location;
    expect(pathname).toBe('/wix/auth');
    const params = new URLSearchParams(search);
    expect(params.get('wix_site_id')).toBe('site-123');
    expect(params.get('redirect')).toBe('wix-connect');
    expect(params.get('instance')).toBe(INSTANCE);
  });

  it('is a plain login when a parameter is missing or redirect is something else', async () => {
    serveLogin();
    const { user, router } = renderAuth(
      `/auth?wix_site_id=site-123&redirect=elsewhere&instance=${INSTANCE}`,
    );

    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeDefined();
    await logIn(user);

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
  });

  it('keeps the parameters when switching to Sign Up and back', async () => {
    serveLogin();
    const { user, router } = renderAuth(`/auth?tab=login&${WIX_QUERY}`);

    await user.click(screen.getByRole('tab', { name: 'Sign Up' }));
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('register');
    await user.click(screen.getByRole('tab', { name: 'Login' }));

    expect(screen.getByRole('heading', { name: 'Connect to Wix' })).toBeDefined();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('instance')).toBe(INSTANCE);
    expect(params.get('wix_site_id')).toBe('site-123');
  });

  it('offers a signed-in owner to continue to /wix/auth', async () => {
    serveLogin({ signedIn: true });
    const { user, router } = renderAuth(`/auth?${WIX_QUERY}`);

    expect(await screen.findByText('owner@sunrise.example')).toBeDefined();
    await user.click(screen.getByRole('link', { name: 'Continue to connect your Wix site' }));

    expect(await screen.findByRole('heading', { name: 'Wix connect' })).toBeDefined();
    expect(new URLSearchParams(router.state.location.search).get('instance')).toBe(INSTANCE);
  });
});

describe('AuthPage: plain login', () => {
  it('titles the login Welcome back and goes to /', async () => {
    serveLogin();
    const { user, router } = renderAuth('/auth?tab=login');

    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Continue to connect your Wix site' })).toBeNull();
    await logIn(user);

    expect(await screen.findByRole('heading', { name: 'Home' })).toBeDefined();
    expect(router.state.location.pathname).toBe('/');
  });
});
