// The Analytics screen as an owner meets it (docs/product/analytics.md#the-analytics-screen): the figures with
// their change, the range (presets, custom dates checked by the server's schema, kept in the address, "today" in
// the business's time zone), the tables behind the charts and the report's tables, the CSV link, and the empty,
// loading and error states.
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAnalytics } from '../../../shared/contracts/analytics';
import type { AnalyticsRange, AnalyticsReport } from '../../../shared/schemas/analytics';
import { createAnalyticsReport, ZERO_TOTALS } from '../../testing/analytics-factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { createBusiness, signedInOwner } from '../../testing/session-factories';
import { AnalyticsPage } from './analytics-page';
import { TEXT } from './texts';

// Noon UTC on 2026-11-29: the same day in most time zones, already the 30th in Kiritimati (UTC+14).
const NOW = new Date('2026-11-29T12:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

/** Answers every range with `answer(range)`; the ranges asked for, in order. */
function serveAnalytics(
  answer: (range: AnalyticsRange) => AnalyticsReport = (range) =>
    createAnalyticsReport(range, { day: () => ({ impressions: 10, visitors: 4 }) }),
) {
  const asked: AnalyticsRange[] = [];
  server.use(
    mock(getAnalytics, ({ query }) => {
      asked.push(query);
      return answer(query);
    }),
  );
  return asked;
}

/** The page of an owner whose business counts its days in `timeZone`. */
function renderPage(path = '/analytics', timeZone = 'UTC') {
  server.use(...signedInOwner(createBusiness({ timeZone })));
  return renderScreen(<AnalyticsPage />, { path, routePath: '/analytics' });
}

/** Each figure card's words: label, value, and change as seen and as heard. */
function cardTexts(): string[] {
  // A <dl> is no list role in happy-dom's tree: read its cards (one div per figure) directly.
  const list = document.querySelector(`dl[aria-label="${TEXT.figuresLabel}"]`);
  if (!list) throw new Error('no figures');
  return [...list.children].map((card) =>
    [...card.children].map((part) => part.textContent).join(' | '),
  );
}

/** The funnel's rows as text, once it is drawn. */
async function funnelRows(): Promise<(string | null)[]> {
  const funnel = await screen.findByRole('table', { name: TEXT.funnelTitle });
  return within(funnel)
    .getAllByRole('row')
    .map((row) => row.textContent);
}

describe('the figures', () => {
  it('shows each figure with its change against the period before, said in words', async () => {
    serveAnalytics((range) =>
      createAnalyticsReport(range, {
        day: (index) =>
          index === 0
            ? { impressions: 1500, visitors: 300, interactions: 75, formViews: 40, submissions: 4 }
            : {},
        previous: {
          ...ZERO_TOTALS,
          impressions: 1200,
          visitors: 300,
          interactions: 48,
          formViews: 0,
          submissions: 8,
        },
      }),
    );
    renderPage();
    await screen.findByRole('region', { name: TEXT.dailyTitle });
    expect(cardTexts()).toEqual([
      'Impressions | 1,500 | ▲ 25%Up 25% from 1,200 in the previous 30 days',
      'Unique visitors | 300 | No changeNo change from the previous 30 days',
      'Interaction rate | 5.0% | ▲ 1.0 ptsUp 1.0 percentage points from 4.0% in the previous 30 days',
      'Form views | 40 | NewNew: none in the previous 30 days',
      'Submissions | 4 | ▼ 50%Down 50% from 8 in the previous 30 days',
    ]);
    // The arrows and short words are for the eye; a screen reader hears the sentence.
    expect(screen.getByText('▲ 25%').closest('[aria-hidden="true"]')).not.toBeNull();
  });
});

describe('the range', () => {
  it('asks for the last 30 days by default, and for 7 or 90 when chosen, keeping the choice in the address', async () => {
    const asked = serveAnalytics();
    const { user, router } = renderPage();
    await screen.findByRole('region', { name: TEXT.dailyTitle });
    expect(asked.at(-1)).toEqual({ from: '2026-10-31', to: '2026-11-29' });
    const range = screen.getByRole('group', { name: TEXT.rangeLabel });
    expect(
      within(range).getByRole('button', { name: '30 days' }).getAttribute('aria-pressed'),
    ).toBe('true');

    await user.click(within(range).getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-29' }));
    expect(router.state.location.search).toBe('?range=7');
    expect(screen.getByRole('link', { name: TEXT.download }).getAttribute('href')).toBe(
      '/api/analytics/export.csv?from=2026-11-23&to=2026-11-29',
    );

    await user.click(within(range).getByRole('button', { name: '90 days' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-09-01', to: '2026-11-29' }));
    expect(router.state.location.search).toBe('?range=90');
  });

  it('reads the range from the address, so a reload shows the same days', async () => {
    const asked = serveAnalytics();
    const first = renderPage('/analytics?range=90');
    await screen.findByRole('region', { name: TEXT.dailyTitle });
    expect(asked).toEqual([{ from: '2026-09-01', to: '2026-11-29' }]);
    first.unmount();

    renderPage('/analytics?from=2026-01-01&to=2026-01-31');
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-01-01', to: '2026-01-31' }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    expect(within(form).getByLabelText<HTMLInputElement>('From').value).toBe('2026-01-01');
    expect(within(form).getByLabelText<HTMLInputElement>('To').value).toBe('2026-01-31');
  });

  it('checks custom dates as the server would, says what is wrong, and asks only for a good range', async () => {
    const asked = serveAnalytics();
    const { user, router } = renderPage();
    await screen.findByRole('region', { name: TEXT.dailyTitle });
    await user.click(screen.getByRole('button', { name: TEXT.custom }));
    const form = screen.getByRole('form', { name: 'Custom range' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');

    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(to);
    await user.type(to, '2026-11-10');
    await user.click(within(form).getByRole('button', { name: TEXT.apply }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'From must be on or before To',
    );
    expect(from.getAttribute('aria-invalid')).toBe('true');

    await user.clear(from);
    await user.type(from, '2024-01-01');
    await user.click(within(form).getByRole('button', { name: TEXT.apply }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'A range may cover at most 366 days',
    );
    expect(asked.every((range) => range.from !== '2024-01-01')).toBe(true);

    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.click(within(form).getByRole('button', { name: TEXT.apply }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-11-01', to: '2026-11-10' }));
    expect(router.state.location.search).toBe('?from=2026-11-01&to=2026-11-10');
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('ends the presets on today in the business’s time zone, not the browser’s', async () => {
    const asked = serveAnalytics((range) =>
      createAnalyticsReport(range, {
        timeZone: 'Pacific/Kiritimati',
        day: () => ({ impressions: 1 }),
      }),
    );
    renderPage('/analytics?range=7', 'Pacific/Kiritimati');
    await waitFor(() => expect(asked.at(-1)).toEqual({ from: '2026-11-24', to: '2026-11-30' }));
    // Asked once, for the business's days: never first for the browser's.
    expect(asked).toEqual([{ from: '2026-11-24', to: '2026-11-30' }]);
    expect(await screen.findByText(/days in Pacific\/Kiritimati/)).toBeDefined();
  });
});

describe('the charts and tables', () => {
  it('gives each chart a table a screen reader reads (shown outright where no canvas can be drawn)', async () => {
    serveAnalytics((range) =>
      createAnalyticsReport(range, {
        day: (index) => ({
          impressions: index + 1,
          visitors: 1,
          formViews: 2,
          formStarts: 1,
          submissions: index === 0 ? 1 : 0,
          approved: index === 0 ? 1 : 0,
        }),
      }),
    );
    renderPage('/analytics?range=7');
    const daily = await screen.findByRole('table', { name: TEXT.dailyTable });
    // happy-dom draws no canvas: the table is on screen, not behind "Show as table".
    expect(screen.queryByRole('button', { name: 'Show as table' })).toBeNull();
    expect(daily.closest('.sr-only')).toBeNull();
    const rows = within(daily).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(rows.map((row) => row.textContent)).toEqual([
      'DayImpressionsUnique visitors',
      'Nov 23, 202611',
      'Nov 24, 202621',
      'Nov 25, 202631',
      'Nov 26, 202641',
      'Nov 27, 202651',
      'Nov 28, 202661',
      'Nov 29, 202671',
    ]);

    expect(await funnelRows()).toEqual([
      'StepCountOf views',
      'Form views14100%',
      'Started the form750%',
      'Submissions17%',
      'Approved17%',
    ]);
  });

  it('says under 1% rather than 0% for a funnel step that is small but not nothing', async () => {
    serveAnalytics((range) =>
      createAnalyticsReport(range, {
        day: (index) => (index === 0 ? { formViews: 1535, formStarts: 847, approved: 6 } : {}),
      }),
    );
    renderPage('/analytics?range=7');
    expect(await funnelRows()).toEqual([
      'StepCountOf views',
      'Form views1,535100%',
      'Started the form84755%',
      'Submissions00%',
      'Approved6<1%',
    ]);
  });

  it('lists pages, testimonials by attention, widgets, sources and actions in readable words', async () => {
    serveAnalytics((range) =>
      createAnalyticsReport(range, {
        day: (index) => (index === 0 ? { impressions: 200, interactions: 30, formViews: 12 } : {}),
        tables: {
          pages: [{ page: 'https://acme.example/pricing', impressions: 120 }],
          testimonials: [
            {
              id: '00000000-0000-4000-8000-000000000001',
              authorName: 'Jane Doe',
              excerpt: 'The best bakery in town…',
              impressions: 90,
              readMore: 7,
              msOnScreen: 80_000,
            },
          ],
          widgets: [{ widget: 'acme-bakery', impressions: 200, interactions: 30 }],
          sources: [
            { source: 'qr', formViews: 5 },
            { source: 'link', formViews: 7 },
          ],
          interactions: [
            { action: 'read_more', count: 7 },
            { action: 'pause', count: 3 },
            { action: 'link', count: 20 },
          ],
        },
      }),
    );
    renderPage();
    const rowsOf = async (name: string) =>
      within(await screen.findByRole('table', { name }))
        .getAllByRole('row')
        .map((row) => row.textContent);

    expect(await rowsOf('Top pages')).toEqual([
      'PageImpressions',
      'https://acme.example/pricing120',
    ]);
    expect(await rowsOf('Testimonials by attention')).toEqual([
      'TestimonialImpressionsRead moreTime on screen',
      // The counts again under the name, for a phone (where CSS hides their columns instead).
      'Jane DoeThe best bakery in town…Impressions: 90Read more: 7Time on screen: 1 min 20 s9071 min 20 s',
    ]);
    expect(await rowsOf('Per widget')).toEqual([
      'WidgetImpressionsInteractionsInteraction rate',
      'acme-bakery2003015.0%',
    ]);
    expect(await rowsOf('Per source')).toEqual([
      'SourceForm views',
      'Link7',
      'QR code5',
      'Email request0',
      'Wall of Love page0',
    ]);
    expect(await rowsOf('Interactions by action')).toEqual([
      'ActionCount',
      'Card link20',
      'Read more7',
      'Pause/Play3',
    ]);
  });
});

describe('the states', () => {
  it('explains where figures come from when nothing was counted yet', async () => {
    serveAnalytics((range) => createAnalyticsReport(range));
    renderPage();
    const empty = await screen.findByRole('region', { name: TEXT.noViewsTitle });
    expect(
      within(empty).getByText(
        `${TEXT.noViewsBody} Vouchly counts without cookies and never hides your widget.`,
      ),
    ).toBeDefined();
    expect(within(empty).getByRole('link', { name: TEXT.putWidget }).getAttribute('href')).toBe(
      '/widget',
    );
    expect(within(empty).getByRole('link', { name: TEXT.shareLink }).getAttribute('href')).toBe(
      '/collection-link',
    );
    expect(screen.queryByRole('table')).toBeNull();
    // The range can still be changed.
    expect(screen.getByRole('group', { name: TEXT.rangeLabel })).toBeDefined();
  });

  it('shows figures that fell to nothing rather than the empty state', async () => {
    serveAnalytics((range) =>
      createAnalyticsReport(range, { previous: { ...ZERO_TOTALS, impressions: 40 } }),
    );
    renderPage();
    expect(await screen.findByText('▼ 100%')).toBeDefined();
    expect(screen.queryByRole('region', { name: TEXT.noViewsTitle })).toBeNull();
  });

  it('shows a placeholder while loading, and a failure with a retry that loads the report', async () => {
    let fail = true;
    server.use(
      mock(getAnalytics, ({ query }) =>
        fail
          ? apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong')
          : createAnalyticsReport(query, { day: () => ({ impressions: 3 }) }),
      ),
    );
    const { user } = renderPage();
    expect(screen.getByRole('status', { name: 'Loading analytics' })).toBeDefined();
    const problem = await screen.findByRole('alert');
    expect(problem.textContent).toContain("We couldn't load your analytics.");

    fail = false;
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('90')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
