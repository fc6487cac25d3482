// The email card of the account settings (docs/product/business.md#account-settings-screen, docs/product/messages.md#business; docs/security.md rule 18): the
// change needs the current password, and the server's refusals read as
// "Current password is incorrect" and "Email is already in use".
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BodyOf } from '../../../../shared/contract';
import { changeEmail } from '../../../../shared/contracts/auth';
import { renderScreen } from '../../../testing/render';
import { apiErrorResponse, mock, server } from '../../../testing/server';
import { createCurrentUser } from '../../../testing/session-factories';
import { EmailSettings } from './email-settings';

const OLD_EMAIL = 'owner@sunrise.example';

/** Answers PATCH /api/auth/email with `answer` and records the bodies sent. */
function serveEmailChange(
  answer: (body: BodyOf<typeof changeEmail>) => ReturnType<typeof apiErrorResponse> | null = () =>
    null,
) {
  const bodies: unknown[] = [];
  server.use(
    mock(changeEmail, ({ body }) => {
      bodies.push(body);
      return answer(body) ?? createCurrentUser({ email: body.email });
    }),
  );
  return bodies;
}

function renderCard() {
  const view = renderScreen(<EmailSettings email={OLD_EMAIL} />);
  const card = within(screen.getByRole('region', { name: 'Email' }));
  return { ...view, card };
}

describe('EmailSettings', () => {
  it('has a current password field for password managers, tied to its label', () => {
    const { card } = renderCard();
    const field = card.getByLabelText('Current Password');
    expect(field.getAttribute('type')).toBe('password');
    expect(field.getAttribute('autocomplete')).toBe('current-password');
    expect(card.getByLabelText('Email Address').getAttribute('autocomplete')).toBe('email');
  });

  it('sends the new email with the current password', async () => {
    const bodies = serveEmailChange();
    const { card, user } = renderCard();
    await user.clear(card.getByLabelText('Email Address'));
    await user.type(card.getByLabelText('Email Address'), 'new@sunrise.example');
    await user.type(card.getByLabelText('Current Password'), 'correct-horse');
    await user.click(card.getByRole('button', { name: 'Update Email' }));

    expect(await screen.findByText('You now sign in with new@sunrise.example.')).toBeDefined();
    expect(bodies).toEqual([{ email: 'new@sunrise.example', currentPassword: 'correct-horse' }]);
    // The password is not kept in the form once used.
    expect(card.getByLabelText<HTMLInputElement>('Current Password').value).toBe('');
  });

  it('asks for the current password before sending anything', async () => {
    const bodies = serveEmailChange();
    const { card, user } = renderCard();
    await user.clear(card.getByLabelText('Email Address'));
    await user.type(card.getByLabelText('Email Address'), 'new@sunrise.example');
    await user.click(card.getByRole('button', { name: 'Update Email' }));

    expect(await card.findByText('Current password is required')).toBeDefined();
    const field = card.getByLabelText('Current Password');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it('says "Current password is incorrect" when the server refuses the password', async () => {
    serveEmailChange(() => apiErrorResponse(400, 'BAD_REQUEST', 'Current password is incorrect'));
    const { card, user } = renderCard();
    await user.clear(card.getByLabelText('Email Address'));
    await user.type(card.getByLabelText('Email Address'), 'new@sunrise.example');
    await user.type(card.getByLabelText('Current Password'), 'wrong-password');
    await user.click(card.getByRole('button', { name: 'Update Email' }));

    expect(await screen.findByText('Current password is incorrect')).toBeDefined();
  });

  it('says "Email is already in use" when another account has the address', async () => {
    serveEmailChange(() => apiErrorResponse(409, 'CONFLICT', 'Email is already in use'));
    const { card, user } = renderCard();
    await user.clear(card.getByLabelText('Email Address'));
    await user.type(card.getByLabelText('Email Address'), 'taken@sunrise.example');
    await user.type(card.getByLabelText('Current Password'), 'correct-horse');
    await user.click(card.getByRole('button', { name: 'Update Email' }));

    expect(await screen.findByText('Email is already in use')).toBeDefined();
  });

  it('says "Failed to update email" for any other failure', async () => {
    serveEmailChange(() =>
      apiErrorResponse(429, 'RATE_LIMITED', 'Too many requests. Please try again later.'),
    );
    const { card, user } = renderCard();
    await user.clear(card.getByLabelText('Email Address'));
    await user.type(card.getByLabelText('Email Address'), 'new@sunrise.example');
    await user.type(card.getByLabelText('Current Password'), 'correct-horse');
    await user.click(card.getByRole('button', { name: 'Update Email' }));

    expect(await screen.findByText('Failed to update email')).toBeDefined();
  });
});
