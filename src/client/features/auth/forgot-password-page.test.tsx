// /forgot-password (docs/product/auth.md#forgot-password-page): an empty email
// says it is required, and nothing is sent.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { forgotPassword } from '../../../shared/contracts/auth';
import { renderScreen } from '../../testing/render';
import { mock, server } from '../../testing/server';
import { ForgotPasswordPage } from './forgot-password-page';

describe('ForgotPasswordPage', () => {
  it('says Email is required for an empty email and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      mock(forgotPassword, ({ body }) => {
        sent.push(body);
        return { success: true as const, message: 'sent' };
      }),
    );
    const { user } = renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText('Email is required');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
  });

  it('still says Invalid email format for a malformed email', async () => {
    const { user } = renderScreen(<ForgotPasswordPage />, { path: '/forgot-password' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    await screen.findByText('Invalid email format');
  });
});
