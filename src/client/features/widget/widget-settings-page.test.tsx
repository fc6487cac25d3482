// The widget settings screen as an owner meets it: nothing to save until a
// change (and nothing again once it is undone), Reset back to what is stored,
// Save sending the whole form, the guard against leaving with unsaved
// changes, and the live preview (the real widget, in its shadow root)
// following the form before anything is saved.
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listTestimonials } from '../../../shared/contracts/testimonials';
import {
  ownerWidgetSettingsSchema,
  type OwnerWidgetSettings,
} from '../../../shared/schemas/widget-settings';
import type { CopiedSnippets } from '../../../shared/schemas/widget-snippets';
import { widgetBoxHeight } from '../../../shared/widget-box';
import { WIDGET_SETTINGS_DEFAULTS } from '../../../shared/widget-data';
import { createTestimonial, createWidgetSettings, listPage } from '../../testing/factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import {
  getCopiedSnippets,
  getWidgetSettings,
  recordCopiedSnippet,
  saveWidgetSettings,
} from '../../../shared/contracts/widget';
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

/** The embed codes copied before (GET /api/widget-snippets): the script tag at the default height. */
const copiedAtDefault: CopiedSnippets = {
  script: {
    height: widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS),
    copiedAt: '2026-11-01T09:00:00.000Z',
  },
  iframe: null,
};

/**
 * The owner, their stored settings (GET /api/widget-settings), approved
 * testimonials (`approvedItems`) and the embed codes they copied (`copies`,
 * updated by PUT /api/widget-snippets); POST /api/widget-settings stores what
 * it is sent unless `saveFails`. Answers the bodies of the saves and of the
 * copies reported.
 */
function serveWidgetScreen(
  stored: OwnerWidgetSettings = createWidgetSettings(),
  {
    saveFails = false,
    copies = copiedAtDefault,
    approvedItems = approved,
  }: { saveFails?: boolean; copies?: CopiedSnippets; approvedItems?: typeof approved } = {},
) {
  const saves: unknown[] = [];
  const copied: unknown[] = [];
  let current = stored;
  let remembered = copies;
  let snippetReads = 0;
  server.use(
    ...signedInOwner(),
    mock(getWidgetSettings, () => current),
    mock(listTestimonials, () => listPage(approvedItems, { status: 'approved', pageSize: 6 })),
    mock(getCopiedSnippets, () => {
      snippetReads += 1;
      return remembered;
    }),
    mock(recordCopiedSnippet, ({ body }) => {
      copied.push(body);
      const { kind, height } = body;
      remembered = { ...remembered, [kind]: { height, copiedAt: '2026-11-05T12:00:00.000Z' } };
      return remembered;
    }),
    mock(saveWidgetSettings, ({ body }) => {
      saves.push(body);
      if (saveFails) return apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong');
      current = ownerWidgetSettingsSchema.parse({
        ...(body as object),
        updatedAt: '2026-11-05T12:00:00.000Z',
      });
      return current;
    }),
  );
  return { saves, copied, snippetReads: () => snippetReads };
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
    const { saves } = serveWidgetScreen(stored);
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
    const { saves } = serveWidgetScreen(createWidgetSettings(), { saveFails: true });
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

  it('"Show where each testimonial came from" is off by default, marks imported cards in the preview and is saved', async () => {
    const { saves } = serveWidgetScreen(createWidgetSettings(), {
      approvedItems: [
        createTestimonial({
          status: 'approved',
          authorName: 'Tess Trust',
          source: 'trustpilot',
          sourceUrl: 'https://www.trustpilot.com/reviews/1',
          approvedAt: '2026-11-03T10:00:00.000Z',
        }),
        ...approved,
      ],
    });
    const { user } = await renderWidgetScreen();
    const sources = toggle('Show where each testimonial came from');
    expect(sources.getAttribute('aria-checked')).toBe('false');
    expect(sources.getAttribute('aria-describedby')).toBe('toggle-showSources-hint');
    await waitFor(() => expect(previewRoot().textContent).toContain('Tess Trust'));
    expect(previewRoot().querySelector('.vi')).toBeNull();

    await user.click(sources);

    const mark = await waitFor(() => {
      const found = previewRoot().querySelector<HTMLAnchorElement>('a.vi');
      expect(found).not.toBeNull();
      return found as HTMLAnchorElement;
    });
    expect(mark.textContent).toBe('via Trustpilot');
    expect(mark.href).toBe('https://www.trustpilot.com/reviews/1');
    // One mark: Ada Baker's testimonial came through the form.
    expect(previewRoot().querySelectorAll('.vi')).toHaveLength(1);

    await user.click(saveButton());
    await screen.findByText('Widget settings saved');
    expect(saves).toEqual([expect.objectContaining({ showSources: true })]);
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

describe('the embed code after a settings change (issue 29, 8)', () => {
  const grown = createWidgetSettings({
    headerText: 'Kind words',
    fontSize: 'lg',
    showBusinessName: true,
  });
  const was = widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS);
  const needed = widgetBoxHeight(grown);

  it('says the copied code is out of date, with the old and new heights; copying it again clears that', async () => {
    const { copied } = serveWidgetScreen(grown);
    const { user } = await renderWidgetScreen();

    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('The code on your website is out of date');
    expect(notice.textContent).toContain(`You copied it when the widget was ${was} px tall.`);
    expect(notice.textContent).toContain(`With your saved settings it needs ${needed} px.`);

    await user.click(within(notice).getByRole('button', { name: 'Copy new script tag' }));

    expect(await navigator.clipboard.readText()).toContain(`height:${needed}px`);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(copied).toEqual([{ kind: 'script', height: needed }]);
    expect(await screen.findByText('New script tag copied')).toBeDefined();
  });

  it('notices a save in the form at once, and a copy with the code block button counts too', async () => {
    const { copied } = serveWidgetScreen();
    const { user } = await renderWidgetScreen();
    await screen.findByRole('button', { name: 'Copy script tag' });
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(headerText(), 'Kind words');
    await user.click(saveButton());

    const notice = await screen.findByRole('alert');
    const now = widgetBoxHeight({ ...WIDGET_SETTINGS_DEFAULTS, headerText: 'Kind words' });
    expect(notice.textContent).toContain(`it needs ${now} px`);
    const code = screen.getByRole('region', { name: 'Add the widget to your website' });
    await user.click(within(code).getByRole('button', { name: 'Copy script tag' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(copied).toEqual([{ kind: 'script', height: now }]);
  });

  it('says the same of an iframe code copied at another height', async () => {
    serveWidgetScreen(grown, {
      copies: { script: null, iframe: { height: was, copiedAt: '2026-11-01T09:00:00.000Z' } },
    });
    await renderWidgetScreen();
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('The iframe code on your website is out of date');
    expect(within(notice).getByRole('button', { name: 'Copy new iframe code' })).toBeDefined();
  });

  it('says nothing while the copied code still fits', async () => {
    const { snippetReads } = serveWidgetScreen();
    await renderWidgetScreen();
    await screen.findByRole('button', { name: 'Copy script tag' });
    await waitFor(() => expect(snippetReads()).toBeGreaterThan(0));
    await act(async () => {});
    expect(screen.queryByText(/Copy it once more/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('asks an owner with no copy on record (never, or before this page remembered) to copy it once more', async () => {
    serveWidgetScreen(grown, { copies: { script: null, iframe: null } });
    await renderWidgetScreen();
    expect(
      await screen.findByText(
        'Already pasted this code on your website before? Copy it once more and paste it over the old one: from then on, this page tells you whenever a settings change needs a new copy.',
      ),
    ).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('with nothing approved yet (issue 29, 9)', () => {
  it('says the website shows the invitation to write the first testimonial, and the preview shows it', async () => {
    serveWidgetScreen(undefined, { approvedItems: [] });
    const { user } = await renderWidgetScreen();

    expect(
      await screen.findByText(
        'Until you approve a testimonial, your website shows this invitation to write the first one. It opens your collection page in a new tab.',
      ),
    ).toBeDefined();
    await waitFor(() =>
      expect(previewRoot().querySelector('.iv a')?.getAttribute('aria-label')).toBe(
        'Write a testimonial (opens in a new tab)',
      ),
    );
    expect(screen.queryByText('Preview with sample testimonials')).toBeNull();

    await user.click(screen.getByRole('radio', { name: 'Sample testimonials' }));
    expect(screen.getByText('Preview with sample testimonials')).toBeDefined();
    await waitFor(() => expect(previewRoot().textContent).toContain('Maria Gonzalez'));
    await user.click(screen.getByRole('radio', { name: 'Your website now' }));
    await waitFor(() => expect(previewRoot().querySelector('.iv')).not.toBeNull());
  });

  it('with the invitation turned off, says the website keeps an empty space, and shows it', async () => {
    serveWidgetScreen(undefined, { approvedItems: [] });
    const { user } = await renderWidgetScreen();
    await user.click(toggle('Invite the first testimonial'));

    const height = widgetBoxHeight(WIDGET_SETTINGS_DEFAULTS);
    expect(
      await screen.findByText(
        `Until you approve a testimonial, your website keeps an empty space ${height} px tall where the widget goes. Turn on “Invite the first testimonial” under Display to fill it.`,
      ),
    ).toBeDefined();
    expect(screen.getByText(`Empty space, ${height} px`)).toBeDefined();
    await waitFor(() => expect(previewRoot().querySelector('.iv')).toBeNull());
  });

  it('says nothing of the kind once one is approved', async () => {
    serveWidgetScreen();
    await renderWidgetScreen();
    await waitFor(() =>
      expect(previewRoot().textContent).toContain('The sourdough is the best in town.'),
    );
    expect(screen.queryByText(/Until you approve a testimonial/)).toBeNull();
  });
});
