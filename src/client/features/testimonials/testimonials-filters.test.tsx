// The moderation list's sort, rating and date filters: each change asks the
// server with its query parameters, starts again at page 1, lands in the
// address (so a reload keeps it), and a start date after the end is said and
// not sent.
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { listSubmissionBursts, listTestimonials } from '../../../shared/contracts/testimonials';
import { createTestimonial, listPage } from '../../testing/factories';
import { renderScreen } from '../../testing/render';
import { mock, server } from '../../testing/server';
import { createBusiness, signedInOwner } from '../../testing/session-factories';
import { TestimonialsPage } from './testimonials-page';

function serveList() {
  const asked: URL[] = [];
  const stored = Array.from({ length: 3 }, (_, index) =>
    createTestimonial({ authorName: `Customer ${index + 1}` }),
  );
  server.use(
    mock(listTestimonials, ({ url }) => {
      asked.push(url);
      return listPage(stored, { page: 1, pageSize: 10 });
    }),
  );
  return asked;
}

const lastQuery = (asked: URL[]) => Object.fromEntries(asked.at(-1)?.searchParams ?? []);

describe('TestimonialsPage filters', () => {
  beforeEach(() =>
    server.use(
      ...signedInOwner(createBusiness()),
      mock(listSubmissionBursts, () => ({ bursts: [] })),
    ),
  );

  it('asks for the chosen sort, rating and dates, and puts them in the address', async () => {
    const asked = serveList();
    const { user, router } = renderScreen(<TestimonialsPage />, {
      path: '/testimonials?page=2',
      routePath: '/testimonials',
    });
    await screen.findByText('Customer 1');

    await user.selectOptions(screen.getByLabelText('Sort'), 'Oldest first');
    await waitFor(() => expect(lastQuery(asked)).toEqual({ sort: 'oldest', pageSize: '10' }));
    await user.selectOptions(screen.getByLabelText('Rating'), '4 stars and up');
    await waitFor(() => expect(lastQuery(asked)).toMatchObject({ minRating: '4' }));
    await user.selectOptions(screen.getByLabelText('Rating'), '5 stars');
    await waitFor(() => expect(lastQuery(asked)).toMatchObject({ rating: '5' }));
    expect(lastQuery(asked)).not.toHaveProperty('minRating');

    await user.type(screen.getByLabelText('From'), '2025-03-01');
    await user.type(screen.getByLabelText('To'), '2025-03-31');
    await waitFor(() =>
      expect(lastQuery(asked)).toEqual({
        sort: 'oldest',
        rating: '5',
        from: '2025-03-01',
        to: '2025-03-31',
        pageSize: '10',
      }),
    );
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      sort: 'oldest',
      rating: '5',
      from: '2025-03-01',
      to: '2025-03-31',
    });
  });

  it('reads the filters from the address, and says a start after the end without sending it', async () => {
    const asked = serveList();
    renderScreen(<TestimonialsPage />, {
      path: '/testimonials?sort=rating-low&rating=4%2B&from=2025-03-09&to=2025-03-01&status=pending',
      routePath: '/testimonials',
    });
    await screen.findByText('Customer 1');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort').value).toBe('rating-low');
    expect(screen.getByLabelText<HTMLSelectElement>('Rating').value).toBe('4+');
    expect(screen.getByRole('alert').textContent).toBe(
      'The start date must be on or before the end date',
    );
    expect(lastQuery(asked)).toEqual({
      status: 'pending',
      sort: 'rating-low',
      minRating: '4',
      pageSize: '10',
    });
  });

  it('ignores a day in the address that does not exist, as the server would refuse it', async () => {
    const asked = serveList();
    renderScreen(<TestimonialsPage />, {
      path: '/testimonials?from=2025-02-30&to=2025-03-31',
      routePath: '/testimonials',
    });
    await screen.findByText('Customer 1');
    expect(screen.getByLabelText<HTMLInputElement>('From').value).toBe('');
    expect(lastQuery(asked)).toEqual({ to: '2025-03-31', pageSize: '10' });
  });
});
