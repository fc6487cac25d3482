// The testimonials screen's notice of a burst of submissions (docs/decisions/0022):
// how many arrived and when, how many are still pending, whether the form
// still asks for the browser check, and one action, behind a confirmation,
// that deletes the burst's pending rows and refreshes the list.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  deleteBurstPending,
  listSubmissionBursts,
  listTestimonials,
} from '../../../../shared/contracts/testimonials';
import type { SubmissionBurst } from '../../../../shared/schemas/testimonials';
import { createTestimonial, listPage } from '../../../testing/factories';
import { renderScreen } from '../../../testing/render';
import { apiErrorResponse, mock, server } from '../../../testing/server';
import { createBusiness, signedInOwner } from '../../../testing/session-factories';
import { TestimonialsPage } from '../testimonials-page';

function createBurst(overrides: Partial<SubmissionBurst> = {}): SubmissionBurst {
  return {
    id: '6f1c1e1a-7d1b-4c1e-9b1a-1a2b3c4d5e6f',
    // Noon UTC: the same day in every time zone the tests may run in.
    startedAt: '2026-11-14T12:03:00.000Z',
    lastAt: '2026-11-14T12:41:00.000Z',
    submissions: 31,
    pending: 28,
    goingOn: false,
    ...overrides,
  };
}

/** GET /api/testimonials/bursts over `stored`, DELETE .../pending emptying it; answers the ids deleted. */
function serveBursts(stored: SubmissionBurst[]) {
  const deleted: string[] = [];
  let listed = 0;
  server.use(
    mock(listSubmissionBursts, () => {
      listed += 1;
      return { bursts: stored };
    }),
    mock(deleteBurstPending, ({ params }) => {
      const index = stored.findIndex((burst) => burst.id === params.id);
      const [burst] = stored.splice(index, 1);
      deleted.push(params.id);
      return { deleted: burst?.pending ?? 0 };
    }),
  );
  return { deleted, listed: () => listed };
}

function serveList() {
  let asked = 0;
  server.use(
    mock(listTestimonials, () => {
      asked += 1;
      return listPage([createTestimonial({ authorName: 'Pat Pending', status: 'pending' })]);
    }),
  );
  return () => asked;
}

const renderPage = () => renderScreen(<TestimonialsPage />, { path: '/testimonials' });
const notice = () => screen.findByRole('region', { name: /submissions arrived in a burst/ });

describe('TestimonialsPage: a burst of submissions', () => {
  beforeEach(() => server.use(...signedInOwner(createBusiness())));

  it('says how many arrived in the burst and when, and how many are still pending', async () => {
    serveList();
    serveBursts([createBurst()]);
    renderPage();

    const region = within(await notice());
    expect(
      region.getByRole('heading', {
        name: '31 submissions arrived in a burst on November 14, 2026',
      }),
    ).toBeDefined();
    expect(region.getByText(/28 of them are still pending/)).toBeDefined();
    expect(
      region.getByText(/They came between \d{1,2}:\d3 [AP]M and \d{1,2}:\d1 [AP]M/),
    ).toBeDefined();
    expect(region.queryByText(/asks each visitor's browser/)).toBeNull();
    expect(region.getByRole('button', { name: 'Delete 28 pending' })).toBeDefined();
  });

  it('says when the form still asks visitors for the browser check, and a burst within one minute as such', async () => {
    serveList();
    serveBursts([createBurst({ goingOn: true, lastAt: '2026-11-14T12:03:20.000Z' })]);
    renderPage();
    const region = within(await notice());
    expect(region.getByText(/asks each visitor's browser for a quick check/)).toBeDefined();
    expect(region.getByText(/They came within a minute, at \d{1,2}:\d3 [AP]M,/)).toBeDefined();
  });

  it('deletes the pending ones after a confirmation, then refreshes the list and the notice', async () => {
    const listAsked = serveList();
    const { deleted } = serveBursts([createBurst()]);
    const { user } = renderPage();

    await user.click(within(await notice()).getByRole('button', { name: 'Delete 28 pending' }));
    const dialog = within(
      await screen.findByRole('alertdialog', { name: 'Delete 28 pending testimonials?' }),
    );
    expect(dialog.getByText(/approved, rejected or edited are kept/)).toBeDefined();
    // Cancel changes nothing.
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    const before = listAsked();
    await user.click(within(await notice()).getByRole('button', { name: 'Delete 28 pending' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete 28 testimonials',
      }),
    );

    expect(await screen.findByText('28 testimonials deleted successfully')).toBeDefined();
    expect(deleted).toEqual([createBurst().id]);
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: /arrived in a burst/ })).toBeNull(),
    );
    await waitFor(() => expect(listAsked()).toBeGreaterThan(before));
  });

  it('shows nothing when there is no burst, or when the bursts cannot be read', async () => {
    serveList();
    const { listed } = serveBursts([]);
    renderPage();
    await screen.findByText('1 total');
    await waitFor(() => expect(listed()).toBe(1));
    expect(screen.queryByRole('region', { name: /arrived in a burst/ })).toBeNull();
  });

  it('reports a failed delete and keeps the notice', async () => {
    serveList();
    serveBursts([createBurst()]);
    server.use(
      mock(deleteBurstPending, () =>
        apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong'),
      ),
    );
    const { user } = renderPage();
    await user.click(within(await notice()).getByRole('button', { name: 'Delete 28 pending' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Delete 28 testimonials',
      }),
    );
    expect(await screen.findByText('Failed to delete testimonials')).toBeDefined();
    expect(await notice()).toBeDefined();
  });
});
