// The moderation list's sort, rating, date and source filters: each change asks
// the server with its query parameters, starts again at page 1, lands in the
// address (so a reload keeps it), and a start date after the end is said and
// not sent. The Source filter shows only for a business with more than one source.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { listSubmissionBursts, listTestimonials } from '../../../shared/contracts/testimonials';
import { createTestimonial, listPage } from '../../testing/factories';
import { renderScreen } from '../../testing/render';
import { mock, server } from '../../testing/server';
import { createBusiness, signedInOwner } from '../../testing/session-factories';
import { TestimonialsPage } from './testimonials-page';

function serveList(
  stored = Array.from({ length: 3 }, (_, index) =>
    createTestimonial({ authorName: `Customer ${index + 1}` }),
  ),
) {
  const asked: URL[] = [];
  server.use(
    mock(listTestimonials, ({ url }) => {
      asked.push(url);
      // The source filter as the server applies it: `form` is the form's (null), others letter case aside.
      const source = url.searchParams.get('source')?.toLowerCase();
      const shown = source
        ? stored.filter((t) => (t.source ?? 'form').toLowerCase() === source)
        : stored;
      return { ...listPage(shown, { page: 1, pageSize: 10 }), sources: listPage(stored).sources };
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

  describe('Source', () => {
    const mixed = [
      createTestimonial({ authorName: 'Fern Form', source: null }),
      createTestimonial({ authorName: 'Tess Trust', source: 'trustpilot' }),
      createTestimonial({ authorName: 'Gail Google', source: 'google' }),
      createTestimonial({ authorName: 'Yuri Yelp', source: 'yelp' }),
    ];

    it('is not offered while every testimonial came from one source', async () => {
      serveList();
      renderScreen(<TestimonialsPage />, { path: '/testimonials', routePath: '/testimonials' });
      await screen.findByText('Customer 1');
      expect(screen.getByLabelText('Rating')).toBeDefined();
      expect(screen.queryByLabelText('Source')).toBeNull();
    });

    it('lists the form, then each source by its name; a choice asks the server and lands in the address', async () => {
      const asked = serveList(mixed);
      const { user, router } = renderScreen(<TestimonialsPage />, {
        path: '/testimonials?page=2',
        routePath: '/testimonials',
      });
      await screen.findByText('Tess Trust');
      const select = await screen.findByLabelText<HTMLSelectElement>('Source');
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Any source', 'Your testimonial form', 'Google', 'Trustpilot', 'Yelp']);
      expect(select.value).toBe('');

      await user.selectOptions(select, 'Trustpilot');
      await waitFor(() =>
        expect(lastQuery(asked)).toEqual({ source: 'trustpilot', pageSize: '10' }),
      );
      await waitFor(() => expect(screen.queryByText('Fern Form')).toBeNull());
      expect(screen.getByText('Tess Trust')).toBeDefined();
      expect(router.state.location.search).toBe('?source=trustpilot');

      await user.selectOptions(select, 'Your testimonial form');
      await waitFor(() => expect(lastQuery(asked)).toEqual({ source: 'form', pageSize: '10' }));
      await screen.findByText('Fern Form');
      expect(screen.queryByText('Tess Trust')).toBeNull();

      // Back to every source: the first page without a source, which the list may already hold (it asked for it
      // when page 2 turned out to be past the end), so no new request is required; the list shows both again.
      await user.selectOptions(select, 'Any source');
      await waitFor(() => expect(router.state.location.search).toBe(''));
      await screen.findByText('Tess Trust');
      expect(screen.getByText('Fern Form')).toBeDefined();
      expect(asked.map((url) => Object.fromEntries(url.searchParams))).toContainEqual({
        pageSize: '10',
      });
    });

    it('reads the source from the address, whatever its letter case', async () => {
      const asked = serveList(mixed);
      renderScreen(<TestimonialsPage />, {
        path: '/testimonials?source=Google',
        routePath: '/testimonials',
      });
      await screen.findByText('Gail Google');
      expect(screen.getByLabelText<HTMLSelectElement>('Source').value).toBe('google');
      expect(lastQuery(asked)).toEqual({ source: 'Google', pageSize: '10' });
    });

    it('keeps a source from the address the business no longer has, so it can be seen and undone', async () => {
      serveList([createTestimonial({ authorName: 'Only Form', source: null })]);
      renderScreen(<TestimonialsPage />, {
        path: '/testimonials?source=senja',
        routePath: '/testimonials',
      });
      const select = await screen.findByLabelText<HTMLSelectElement>('Source');
      expect(select.value).toBe('senja');
      expect(select.selectedOptions[0]?.textContent).toBe('Senja');
    });
  });
});
