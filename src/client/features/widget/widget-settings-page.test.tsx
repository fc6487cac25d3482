// The widget settings screen as an owner meets it: nothing to save until a
// change (and nothing again once it is undone), Reset back to what is stored,
// Save sending the whole form, the guard against leaving with unsaved
// changes, and the live preview (the real widget, in its shadow root)
// following the form before anything is saved.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testimonialListSchema } from '../../../shared/schemas/testimonials';
import {
  ownerWidgetSettingsSchema,
  type OwnerWidgetSettings,
} from '../../../shared/schemas/widget-settings';
import { createTestimonial, createWidgetSettings, listPage } from '../../testing/factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, apiRoute, server, type ApiCall } from '../../testing/server';
import { signedInOwner } from '../../testing/session-factories';
import { WidgetSettingsPage } from './widget-settings-page';

const approved = [
  createTestimonial({
    status: 'approved',
    authorName: 'Ada Baker',
    content: 'The sourdough is the best in town.',
    rating: 4,
    approvedAt: '2026-11-02T10:00:00.000Z',
  }),
];

/**
 * The owner, their stored settings (GET /api/widget-settings) and approved
 * testimonials; POST /api/widget-settings stores what it is sent unless
 * `saveFails`. Answers the bodies of the saves.
 */
function serveWidgetScreen(
  stored: OwnerWidgetSettings = createWidgetSettings(),
  { saveFails = false } = {},
) {
  const saves: ApiCall['body'][] = [];
  let current = stored;
  server.use(
    ...signedInOwner(),
    apiRoute.get('/api/widget-settings', ownerWidgetSettingsSchema, () => current),
    apiRoute.get('/api/testimonials', testimonialListSchema, () =>
      listPage(approved, { status: 'approved', pageSize: 6 }),
    ),
    apiRoute.post('/api/widget-settings', ownerWidgetSettingsSchema, ({ body }) => {
      saves.push(body);
      if (saveFails) return apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong');
      current = ownerWidgetSettingsSchema.parse({
        ...(body as object),
        updatedAt: '2026-11-05T12:00:00.000Z',
      });
      return current;
    }),
  );
  return saves;
}

async function renderWidgetScreen() {
  const view = renderScreen(<WidgetSettingsPage />, {
    path: '/widget',
    routes: [{ path: '/dashboard', element: <h1>Dashboard</h1> }],
  });
  await screen.findByRole('textbox', { name: 'Header text' });
  return view;
}

const headerText = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Header text' });
const saveButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Save Changes' });
const resetButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Reset' });
const toggle = (name: string) => screen.getByRole('switch', { name });
const fontFamily = () => screen.getByRole<HTMLSelectElement>('combobox', { name: 'Font family' });

/** The shadow root the widget renderer draws the live preview in. */
function previewRoot(): ShadowRoot {
  const preview = screen.getByRole('region', { name: 'Live preview' });
  const host = Array.from(preview.querySelectorAll('div')).find((element) => element.shadowRoot);
  if (!host?.shadowRoot) throw new Error('The live preview has no widget mounted');
  return host.shadowRoot;
}

describe('WidgetSettingsPage', () => {
  it('has nothing to save until a change, and nothing again once the change is undone', async () => {
    serveWidgetScreen(createWidgetSettings({ headerText: 'Kind words' }));
    const { user } = await renderWidgetScreen();

    expect(screen.getByText('All changes saved')).toBeDefined();
    expect(saveButton().disabled).toBe(true);
    expect(resetButton().disabled).toBe(true);

    await user.type(headerText(), '!');

    expect(screen.getByText('Unsaved changes')).toBeDefined();
    expect(saveButton().disabled).toBe(false);
    expect(resetButton().disabled).toBe(false);

    await user.type(headerText(), '{Backspace}');

    expect(headerText().value).toBe('Kind words');
    expect(screen.getByText('All changes saved')).toBeDefined();
    expect(saveButton().disabled).toBe(true);
  });

  it('Reset puts back the stored settings', async () => {
    serveWidgetScreen(createWidgetSettings({ headerText: 'Kind words', fontFamily: 'georgia' }));
    const { user } = await renderWidgetScreen();

    await user.clear(headerText());
    await user.type(headerText(), 'Something else');
    await user.click(toggle('Show ratings'));
    await user.selectOptions(fontFamily(), 'arial');
    expect(toggle('Show ratings').getAttribute('aria-checked')).toBe('false');

    await user.click(resetButton());

    expect(headerText().value).toBe('Kind words');
    expect(toggle('Show ratings').getAttribute('aria-checked')).toBe('true');
    expect(fontFamily().value).toBe('georgia');
    expect(screen.getByText('All changes saved')).toBeDefined();
    expect(saveButton().disabled).toBe(true);
  });

  it('Save sends the whole form to POST /api/widget-settings and is clean afterwards', async () => {
    const stored = createWidgetSettings({ textColor: '#111111', fontSize: 'lg' });
    const saves = serveWidgetScreen(stored);
    const { user } = await renderWidgetScreen();

    await user.type(headerText(), 'Fresh from the oven');
    await user.click(toggle('Show dates'));
    await user.click(saveButton());

    await screen.findByText('Widget settings saved');
    const { updatedAt: _updatedAt, ...form } = stored;
    expect(saves).toEqual([
      { ...form, headerText: 'Fresh from the oven', showDates: !stored.showDates },
    ]);
    expect(screen.getByText('All changes saved')).toBeDefined();
    expect(saveButton().disabled).toBe(true);
    expect(headerText().value).toBe('Fresh from the oven');
  });

  it('says so when saving fails, and keeps the changes to try again', async () => {
    const saves = serveWidgetScreen(createWidgetSettings(), { saveFails: true });
    const { user } = await renderWidgetScreen();

    await user.type(headerText(), 'Fresh from the oven');
    await user.click(saveButton());

    await screen.findByText('Failed to update widget settings');
    expect(saves).toHaveLength(1);
    expect(headerText().value).toBe('Fresh from the oven');
    expect(screen.getByText('Unsaved changes')).toBeDefined();
    expect(saveButton().disabled).toBe(false);
  });

  it('asks before leaving with unsaved changes: Keep editing stays, Leave goes', async () => {
    serveWidgetScreen();
    const { user, router } = await renderWidgetScreen();

    await user.type(headerText(), 'Not saved yet');
    void router.navigate('/dashboard');

    const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
    expect(router.state.location.pathname).toBe('/widget');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.state.location.pathname).toBe('/widget');
    expect(headerText().value).toBe('Not saved yet');

    void router.navigate('/dashboard');
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Leave' }),
    );

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets the owner leave without asking when nothing is unsaved', async () => {
    serveWidgetScreen();
    const { router } = await renderWidgetScreen();

    await router.navigate('/dashboard');

    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a change in the live preview before it is saved', async () => {
    serveWidgetScreen();
    const { user } = await renderWidgetScreen();
    await waitFor(() =>
      expect(previewRoot().textContent).toContain('The sourdough is the best in town.'),
    );
    expect(previewRoot().querySelector('h2')).toBeNull();
    expect(previewRoot().querySelector('[aria-label="Rated 4 out of 5"]')).not.toBeNull();

    await user.type(headerText(), 'Fresh from the oven');
    await user.click(toggle('Show ratings'));

    await waitFor(() =>
      expect(previewRoot().querySelector('h2')?.textContent).toBe('Fresh from the oven'),
    );
    expect(previewRoot().querySelector('[aria-label="Rated 4 out of 5"]')).toBeNull();
  });

  it('keeps an unknown stored font choosable, marked as extracted', async () => {
    serveWidgetScreen(createWidgetSettings({ fontFamily: 'Comic Neue' }));
    const { user } = await renderWidgetScreen();

    expect(fontFamily().value).toBe('Comic Neue');
    expect(fontFamily().selectedOptions[0]?.textContent).toBe('Comic Neue (Extracted)');
    expect(
      screen.getByText('Not one of ours: the widget shows it in the system font.'),
    ).toBeDefined();

    await user.selectOptions(fontFamily(), 'georgia');

    expect(
      screen.queryByText('Not one of ours: the widget shows it in the system font.'),
    ).toBeNull();
    expect(screen.getByRole('option', { name: 'Comic Neue (Extracted)' })).toBeDefined();
  });
});
