// The Notifications card of the account settings (docs/product/notifications.md): three choices with what each
// means, the saved one checked; a change saves at once, and a failed save puts the choice back and says so.
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

const checked = (radio: HTMLElement) => radio.getAttribute('aria-checked');

describe('NotificationSettings', () => {
  it('offers the three choices with what each means, the saved one checked', async () => {
    server.use(mock(getNotificationSettings, () => ({ newTestimonialEmails: 'daily' as const })));
    const { card } = renderCard();
    const group = await card.findByRole('radiogroup', { name: 'Email me about new testimonials' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    const each = within(group).getByRole('radio', { name: 'As they arrive' });
    const daily = within(group).getByRole('radio', { name: 'Daily digest' });
    const off = within(group).getByRole('radio', { name: 'Off' });
    expect([checked(each), checked(daily), checked(off)]).toEqual(['false', 'true', 'false']);
    expect(daily.getAttribute('aria-describedby')).toBeTruthy();
    const hint = document.getElementById(daily.getAttribute('aria-describedby')!);
    expect(hint?.textContent).toBe(
      'One email a day at 08:00 UTC with what arrived since the last one. None on a day with nothing new.',
    );
    expect(
      card.getByText(
        'Who wrote it, the rating and the first lines. Several within 10 minutes come in one email.',
      ),
    ).toBeTruthy();
    expect(
      card.getByText('No emails about new testimonials. They still wait for you in the dashboard.'),
    ).toBeTruthy();
  });

  it('saves a change at once and says what it means', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock(getNotificationSettings, () => ({ newTestimonialEmails: 'each' as const })),
      mock(saveNotificationSettings, ({ body }) => {
        bodies.push(body);
        return body;
      }),
    );
    const { card, user } = renderCard();
    const daily = await card.findByRole('radio', { name: 'Daily digest' });
    await user.click(daily);
    expect(
      await screen.findByText(
        'We will email you a digest at 08:00 UTC on days with new testimonials.',
      ),
    ).toBeTruthy();
    expect(checked(daily)).toBe('true');
    await user.click(card.getByRole('radio', { name: 'Off' }));
    expect(await screen.findByText('We will not email you about new testimonials.')).toBeTruthy();
    expect(bodies).toEqual([{ newTestimonialEmails: 'daily' }, { newTestimonialEmails: 'off' }]);
  });

  it('moves the choice with the arrow keys, and saves it', async () => {
    const bodies: unknown[] = [];
    server.use(
      mock(getNotificationSettings, () => ({ newTestimonialEmails: 'off' as const })),
      mock(saveNotificationSettings, ({ body }) => {
        bodies.push(body);
        return body;
      }),
    );
    const { card, user } = renderCard();
    const off = await card.findByRole('radio', { name: 'Off' });
    await user.tab();
    expect(document.activeElement).toBe(off);
    // Held down as a finger does: the group moves focus a moment after the key goes down.
    await user.keyboard('{ArrowUp>}');
    expect(
      await screen.findByText(
        'We will email you a digest at 08:00 UTC on days with new testimonials.',
      ),
    ).toBeTruthy();
    await user.keyboard('{/ArrowUp}');
    expect(checked(card.getByRole('radio', { name: 'Daily digest' }))).toBe('true');
    expect(bodies).toEqual([{ newTestimonialEmails: 'daily' }]);
  });

  it('puts the choice back and says so when saving fails', async () => {
    server.use(
      mock(getNotificationSettings, () => ({ newTestimonialEmails: 'off' as const })),
      mock(saveNotificationSettings, () => apiErrorResponse(500, 'INTERNAL', 'boom')),
    );
    const { card, user } = renderCard();
    const each = await card.findByRole('radio', { name: 'As they arrive' });
    await user.click(each);
    expect(
      await screen.findByText('Failed to save notification settings. Please try again.'),
    ).toBeTruthy();
    expect(checked(each)).toBe('false');
    expect(checked(card.getByRole('radio', { name: 'Off' }))).toBe('true');
  });

  it('says when the setting cannot be loaded and offers a retry', async () => {
    server.use(mock(getNotificationSettings, () => apiErrorResponse(500, 'INTERNAL', 'boom')));
    const { card } = renderCard();
    expect(await card.findByText(/couldn.t load your notification settings/)).toBeTruthy();
    expect(card.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
