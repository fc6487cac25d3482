// The dashboard's first-week checklist and greeting (docs/product/business.md#first-week-checklist,
// docs/product/testimonials.md#dashboard): the steps as the server counts them, progress, links to where
// each is done, dismiss, gone when all are done; a new owner is welcomed, not welcomed back.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  dismissChecklist,
  getChecklist,
  recordCollectionShared,
} from '../../../shared/contracts/dashboard';
import { getAnalytics } from '../../../shared/contracts/analytics';
import { getWidgetSettings } from '../../../shared/contracts/widget';
import {
  getTestimonialStats,
  listTestimonials,
  updateTestimonial,
} from '../../../shared/contracts/testimonials';
import type { Checklist } from '../../../shared/schemas/dashboard';
import { createAnalyticsReport, ZERO_TOTALS } from '../../testing/analytics-factories';
import { createTestimonial, createWidgetSettings, listPage } from '../../testing/factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { createBusiness, signedInOwner } from '../../testing/session-factories';
import { DashboardPage } from './dashboard-page';

const steps = (done: [boolean, boolean, boolean]): Checklist['steps'] => [
  {
    id: 'share',
    title: 'Share your collection link or print the QR code',
    href: '/collection-link',
    done: done[0],
  },
  { id: 'approve', title: 'Approve your first testimonial', href: '/testimonials', done: done[1] },
  { id: 'widget', title: 'Put the widget on your site', href: '/widget', done: done[2] },
];

/** The dashboard's reads, with `total` testimonials and the checklist `checklist()` answers. */
function serveDashboard(total: number, checklist: () => Checklist) {
  const calls = { shared: [] as string[], dismissed: 0, read: 0 };
  server.use(
    ...signedInOwner(createBusiness({ name: 'Acme Bakery' })),
    mock(getTestimonialStats, () => ({ total, pending: 0, thisMonth: total, avgRating: 0 })),
    mock(listTestimonials, () => listPage([])),
    mock(getWidgetSettings, () => createWidgetSettings()),
    mock(getAnalytics, ({ query }) => createAnalyticsReport(query)),
    mock(getChecklist, () => {
      calls.read += 1;
      return checklist();
    }),
    mock(recordCollectionShared, ({ body }) => {
      calls.shared.push(body.how);
      return { ok: true };
    }),
    mock(dismissChecklist, () => {
      calls.dismissed += 1;
      return { ...checklist(), hidden: true, dismissed: true };
    }),
  );
  return calls;
}

const fresh = (done: [boolean, boolean, boolean]): Checklist => ({
  hidden: done.every(Boolean),
  dismissed: false,
  steps: steps(done),
});

describe('DashboardPage: the first-week checklist', () => {
  it('lists each step with its state announced, the progress, and a link to where it is done', async () => {
    serveDashboard(0, () => fresh([true, false, false]));
    renderScreen(<DashboardPage />);

    const region = await screen.findByRole('region', { name: 'Your first week' });
    expect(within(region).getByText('1 of 3 done')).toBeDefined();
    expect(within(region).getByRole('progressbar', { name: '1 of 3 done' })).toBeDefined();
    const list = within(region).getByRole('list', { name: 'First-week steps' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Share your collection link or print the QR code (done)', '/collection-link'],
      ['Approve your first testimonial (not done yet)', '/testimonials'],
      ['Put the widget on your site (not done yet)', '/widget'],
    ]);
  });

  it('greets a new owner as new, and an owner with testimonials as returning', async () => {
    serveDashboard(0, () => fresh([false, false, false]));
    const first = renderScreen(<DashboardPage />);
    expect(
      await screen.findByText(
        /Welcome to Vouchly, .*! Here's how to get your first testimonials\./,
      ),
    ).toBeDefined();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
    first.unmount();

    serveDashboard(4, () => fresh([true, true, false]));
    renderScreen(<DashboardPage />);
    expect(await screen.findByText(/Welcome back!/)).toBeDefined();
  });

  it('records a copied link and reads the checklist again, which now shows the step done', async () => {
    let shared = false;
    const calls = serveDashboard(0, () => fresh([shared, false, false]));
    const { user } = renderScreen(<DashboardPage />);
    const region = await screen.findByRole('region', { name: 'Your first week' });
    expect(within(region).getByText('0 of 3 done')).toBeDefined();

    shared = true;
    await user.click(await screen.findByRole('button', { name: 'Copy Collection Link' }));
    await waitFor(() => expect(calls.shared).toEqual(['link_copied']));
    expect(await within(region).findByText('1 of 3 done')).toBeDefined();
  });

  it('tells the server only until the checklist counts the link as shared', async () => {
    let shared = false;
    const calls = serveDashboard(0, () => fresh([shared, false, false]));
    const { user } = renderScreen(<DashboardPage />);
    const region = await screen.findByRole('region', { name: 'Your first week' });
    const copy = await screen.findByRole('button', { name: 'Copy Collection Link' });

    shared = true;
    await user.click(copy);
    expect(await within(region).findByText('1 of 3 done')).toBeDefined();
    await user.click(copy);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.shared).toEqual(['link_copied']);
  });

  it('tells the server nothing when the checklist already counts the link as shared', async () => {
    const calls = serveDashboard(0, () => fresh([true, false, false]));
    const { user } = renderScreen(<DashboardPage />);
    await screen.findByRole('region', { name: 'Your first week' });
    await user.click(await screen.findByRole('button', { name: 'Copy Collection Link' }));
    expect(await screen.findByText('Collection link copied to clipboard!')).toBeDefined();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(calls.shared).toEqual([]);
  });

  it('reads the checklist again once the owner approves a testimonial here, which checks the step', async () => {
    let approved = false;
    const pending = createTestimonial({ authorName: 'Real Customer', status: 'pending' });
    serveDashboard(1, () => fresh([true, approved, false]));
    server.use(
      mock(listTestimonials, () =>
        listPage([{ ...pending, status: approved ? 'approved' : 'pending' }]),
      ),
      mock(updateTestimonial, ({ body }) => {
        approved = body.status === 'approved';
        return { ...pending, status: 'approved' as const, approvedAt: new Date().toISOString() };
      }),
    );
    const { user } = renderScreen(<DashboardPage />);
    const region = await screen.findByRole('region', { name: 'Your first week' });
    expect(within(region).getByText('1 of 3 done')).toBeDefined();

    await user.click(
      await screen.findByRole('button', { name: 'Approve testimonial from Real Customer' }),
    );
    expect(await within(region).findByText('2 of 3 done')).toBeDefined();
  });

  it('reads the checklist again when the owner comes back to the dashboard', async () => {
    let widgetSeen = false;
    serveDashboard(0, () => fresh([true, false, widgetSeen]));
    const { router } = renderScreen(<DashboardPage />, {
      routes: [{ path: '/widget', element: <p>Widget settings</p> }],
    });
    const region = await screen.findByRole('region', { name: 'Your first week' });
    expect(within(region).getByText('1 of 3 done')).toBeDefined();

    await router.navigate('/widget');
    await screen.findByText('Widget settings');
    widgetSeen = true;
    await router.navigate('/');
    const again = await screen.findByRole('region', { name: 'Your first week' });
    expect(await within(again).findByText('2 of 3 done')).toBeDefined();
  });

  it('is gone once the owner dismisses it', async () => {
    const calls = serveDashboard(0, () => fresh([false, false, false]));
    const { user } = renderScreen(<DashboardPage />);
    await screen.findByRole('region', { name: 'Your first week' });
    await user.click(screen.getByRole('button', { name: 'Dismiss the first-week checklist' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Your first week' })).toBeNull(),
    );
    expect(calls.dismissed).toBe(1);
  });

  it('shows nothing when every step is done', async () => {
    const calls = serveDashboard(3, () => fresh([true, true, true]));
    renderScreen(<DashboardPage />);
    await screen.findByText(/Welcome back!/);
    await waitFor(() => expect(calls.read).toBeGreaterThan(0));
    await screen.findByRole('region', { name: 'Quick Actions' });
    expect(screen.queryByRole('region', { name: 'Your first week' })).toBeNull();
  });
});

describe('DashboardPage: the analytics summary', () => {
  const summary = () => screen.findByRole('region', { name: 'Last 7 days' });

  it('shows the last 7 days’ figures with their change, and the way to the Analytics screen', async () => {
    serveDashboard(3, () => fresh([true, true, true]));
    const asked: string[] = [];
    server.use(
      mock(getAnalytics, ({ query }) => {
        asked.push(`${query.from}..${query.to}`);
        return createAnalyticsReport(query, {
          day: (index) =>
            index === 6
              ? { impressions: 400, visitors: 120, interactions: 20, submissions: 3 }
              : {},
          previous: { ...ZERO_TOTALS, impressions: 500, visitors: 120, interactions: 10 },
        });
      }),
    );
    renderScreen(<DashboardPage />);
    const region = await summary();
    await within(region).findByText('400');
    const cards = [...region.querySelectorAll('dl > div')].map((card) =>
      [...card.children].map((part) => part.textContent).join(' | '),
    );
    expect(cards).toEqual([
      'Impressions | 400 | ▼ 20%Down 20% from 500 in the previous 7 days',
      'Unique visitors | 120 | No changeNo change from the previous 7 days',
      'Interaction rate | 5.0% | ▲ 3.0 ptsUp 3.0 percentage points from 2.0% in the previous 7 days',
      'Submissions | 3 | NewNew: none in the previous 7 days',
    ]);
    // Seven days, today included.
    expect(asked).toHaveLength(1);
    const [from, to] = asked[0]!.split('..');
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(6);
    expect(within(region).getByRole('link', { name: 'View analytics' }).getAttribute('href')).toBe(
      '/analytics',
    );
  });

  it('says there are no views yet when nothing was counted', async () => {
    serveDashboard(3, () => fresh([true, true, true]));
    renderScreen(<DashboardPage />);
    const region = await summary();
    expect(
      await within(region).findByText(
        /Figures appear here once your widget is on a site or your collection link is shared\. Vouchly counts without cookies and never hides your widget\./,
      ),
    ).toBeDefined();
    expect(within(region).getByRole('link', { name: 'View analytics' })).toBeDefined();
  });

  it('fails on its own, with a retry, while the rest of the dashboard shows', async () => {
    serveDashboard(3, () => fresh([true, true, true]));
    let fail = true;
    server.use(
      mock(getAnalytics, ({ query }) =>
        fail
          ? apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong')
          : createAnalyticsReport(query, { day: () => ({ impressions: 2 }) }),
      ),
    );
    const { user } = renderScreen(<DashboardPage />);
    const region = await summary();
    const problem = await within(region).findByRole('alert');
    expect(problem.textContent).toContain("We couldn't load your analytics.");
    expect(await screen.findByRole('region', { name: 'Quick Actions' })).toBeDefined();
    expect(screen.getByText('Total Testimonials')).toBeDefined();

    fail = false;
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await within(region).findByText('14')).toBeDefined();
  });
});
