// /access and /subscribe (docs/product/billing.md#upgrade-screen): the way to subscribe for an owner without
// access, and a friendly note (with where to go) for one who has it.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAccessStatus, serveAccessStatus, servePlan } from '../../testing/billing-factories';
import { renderScreen } from '../../testing/render';
import { server } from '../../testing/server';
import { signedInOwner } from '../../testing/session-factories';
import { AccessPage } from './access-page';
import { SubscribePage } from './subscribe-page';

function serveOwner(hasAccess: boolean) {
  server.use(
    ...signedInOwner(),
    servePlan('stripe'),
    serveAccessStatus(() => createAccessStatus(hasAccess)).handler,
  );
}

describe('AccessPage', () => {
  it('offers the plan and the access-code box without access', async () => {
    serveOwner(false);
    renderScreen(<AccessPage />, { path: '/access' });

    expect(await screen.findByRole('heading', { name: 'Unlock all features' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Have an access code?' })).toBeDefined();
  });

  it('says the owner has full access, with a link to the dashboard', async () => {
    serveOwner(true);
    renderScreen(<AccessPage />, { path: '/access' });

    expect(await screen.findByRole('heading', { name: 'You have full access' })).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
  });
});

describe('SubscribePage', () => {
  it('offers the plan without access', async () => {
    serveOwner(false);
    renderScreen(<SubscribePage />, { path: '/subscribe' });

    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeDefined();
    expect(await screen.findByText('Secure payment powered by Stripe')).toBeDefined();
  });

  it('says a cancelled checkout was cancelled and charged nothing', async () => {
    serveOwner(false);
    renderScreen(<SubscribePage />, {
      path: '/subscribe?checkout=cancelled',
      routePath: '/subscribe',
    });

    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeDefined();
    const notice = screen.getByText(/Checkout cancelled/).closest('[role="status"]');
    expect(notice?.textContent).toBe('Checkout cancelled. You have not been charged.');
  });

  it('says nothing about a cancelled checkout on a plain visit', async () => {
    serveOwner(false);
    renderScreen(<SubscribePage />, { path: '/subscribe' });

    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeDefined();
    expect(screen.queryByText(/Checkout cancelled/)).toBeNull();
  });

  it('says the owner already has access, with a link to billing', async () => {
    serveOwner(true);
    renderScreen(<SubscribePage />, { path: '/subscribe' });

    expect(
      await screen.findByRole('heading', { name: 'You already have full access' }),
    ).toBeDefined();
    expect(screen.getByRole('link', { name: 'Go to Billing' }).getAttribute('href')).toBe(
      '/billing',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).toBeNull();
  });
});
