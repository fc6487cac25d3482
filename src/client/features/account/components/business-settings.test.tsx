// The Business card of the account settings (docs/product/business.md#account-settings-screen): name, website and the time
// zone analytics counts its days in, saved together.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { updateBusiness } from '../../../../shared/contracts/business';
import type { UpdateBusinessInput } from '../../../../shared/schemas/business';
import { renderScreen } from '../../../testing/render';
import { mock, server } from '../../../testing/server';
import { createBusiness, signedInOwner } from '../../../testing/session-factories';
import { BusinessSettings } from './business-settings';

function renderCard(timeZone = 'UTC') {
  const business = createBusiness({ timeZone });
  const saved: UpdateBusinessInput[] = [];
  server.use(
    ...signedInOwner(business),
    mock(updateBusiness, ({ body }) => {
      saved.push(body);
      return { ...business, ...body, website: `https://${body.website}` };
    }),
  );
  const view = renderScreen(<BusinessSettings />);
  const card = within(screen.getByRole('region', { name: 'Business' }));
  return { ...view, card, saved };
}

const zoneSelect = (card: ReturnType<typeof renderCard>['card']) =>
  card.findByRole<HTMLSelectElement>('combobox', { name: 'Time zone' });

describe('BusinessSettings', () => {
  it("shows the business's time zone among every zone the browser knows, with what it is for", async () => {
    const { card } = renderCard('Europe/Lisbon');
    const select = await zoneSelect(card);
    expect(select.value).toBe('Europe/Lisbon');
    const values = [...select.options].map((option) => option.value);
    expect(values).toContain('UTC');
    expect(values).toContain('Pacific/Auckland');
    expect(values.length).toBeGreaterThanOrEqual(Intl.supportedValuesOf('timeZone').length);
    expect(card.getByRole('option', { name: 'America/New York' })).toBeTruthy();
    const hint = document.getElementById(select.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Analytics counts days in this time zone.');
  });

  it('keeps a saved zone the list leaves out selectable', async () => {
    expect(Intl.supportedValuesOf('timeZone')).not.toContain('US/Pacific');
    const { card } = renderCard('US/Pacific');
    expect((await zoneSelect(card)).value).toBe('US/Pacific');
  });

  it('saves the chosen time zone with the name and website', async () => {
    const { card, user, saved } = renderCard();
    await user.selectOptions(await zoneSelect(card), 'Pacific/Auckland');
    await user.click(card.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your business details have been updated.')).toBeTruthy();
    expect(saved).toEqual([
      { name: 'Sunrise Bakery', website: 'https://sunrise.example', timeZone: 'Pacific/Auckland' },
    ]);
  });
});
