// The Notifications card of the account settings (docs/product/notifications.md): the switch shows the saved
// setting, saves a change at once, and puts itself back with a message when saving fails.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  getNotificationSettings,
  saveNotificationSettings,
} from '../../../../shared/contracts/notifications';
import { renderScreen } from '../../../testing/render';
import { apiErrorResponse, mock, server } from '../../../testing/server';
import { NotificationSettings } from './notification-settings';

function renderCard() {
  const view = renderScreen(<NotificationSettings />);
  const card = within(screen.getByRole('region', { name: 'Notifications' }));
  return { ...view, card };
}

describe('NotificationSettings', () => {
  it('shows the saved setting and saves a change at once', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock(getNotificationSettings, () => ({ newTestimonialEmails: 'each' as const })),
      mock(saveNotificationSettings, ({ body }) => {
        bodies.push(body);
        return body;
      }),
    );
    const { card, user } = renderCard();
    const toggle = await card.findByRole('switch', { name: 'Email me when a testimonial arrives' });
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    await user.click(toggle);
    expect(await screen.findByText('We will not email you about new testimonials.')).toBeTruthy();
    expect(bodies).toEqual([{ newTestimonialEmails: 'off' }]);
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('puts the switch back and says so when saving fails', async () => {
    server.use(
      mock(getNotificationSettings, () => ({ newTestimonialEmails: 'off' as const })),
      mock(saveNotificationSettings, () => apiErrorResponse(500, 'INTERNAL', 'boom')),
    );
    const { card, user } = renderCard();
    const toggle = await card.findByRole('switch', { name: 'Email me when a testimonial arrives' });
    await user.click(toggle);
    expect(
      await screen.findByText('Failed to save notification settings. Please try again.'),
    ).toBeTruthy();
    expect(toggle.getAttribute('aria-checked')).toBe('false');
  });

  it('says when the setting cannot be loaded and offers a retry', async () => {
    server.use(mock(getNotificationSettings, () => apiErrorResponse(500, 'INTERNAL', 'boom')));
    const { card } = renderCard();
    expect(await card.findByText(/couldn.t load your notification settings/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
