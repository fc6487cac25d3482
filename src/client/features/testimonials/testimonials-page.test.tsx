// The moderation list as an owner meets it: tab counts, the empty (with the
// collection link to share) and error states, a selection that belongs to the page it was made on, the page
// repaired after deletions, and a search that asks the server once per pause.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bulkTestimonials,
  deleteTestimonial,
  listSubmissionBursts,
  listTestimonials,
} from '../../../shared/contracts/testimonials';
import { recordCollectionShared } from '../../../shared/contracts/dashboard';
import { testimonialStatusSchema, type Testimonial } from '../../../shared/schemas/testimonials';
import { createTestimonial, listPage } from '../../testing/factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { createBusiness, signedInOwner } from '../../testing/session-factories';
import { TestimonialsPage } from './testimonials-page';

/** `count` testimonials named "Customer 01", "Customer 02", … (newest first, as the server lists them). */
function testimonials(count: number, overrides: Partial<Testimonial> = {}): Testimonial[] {
  return Array.from({ length: count }, (_, index) =>
    createTestimonial({
      authorName: `Customer ${String(index + 1).padStart(2, '0')}`,
      ...overrides,
    }),
  );
}

/**
 * GET /api/testimonials over `stored` (which a test may change), filtered by
 * status and by q on the author, paged by page and pageSize. Answers the URLs it was asked.
 */
function serveList(stored: Testimonial[]) {
  const asked: URL[] = [];
  server.use(
    mock(listTestimonials, ({ url }) => {
      asked.push(url);
      const status = testimonialStatusSchema.safeParse(url.searchParams.get('status'));
      const q = url.searchParams.get('q')?.toLowerCase();
      return listPage(
        q ? stored.filter((item) => item.authorName.toLowerCase().includes(q)) : stored,
        {
          page: Number(url.searchParams.get('page') ?? 1),
          pageSize: Number(url.searchParams.get('pageSize') ?? 10),
          status: status.success ? status.data : undefined,
        },
      );
    }),
  );
  return asked;
}

function renderPage(path = '/testimonials') {
  return renderScreen(<TestimonialsPage />, { path, routePath: '/testimonials' });
}

/** DELETE /api/testimonials/:id, taking the testimonial out of `stored`. */
function serveDelete(stored: Testimonial[]) {
  server.use(
    mock(deleteTestimonial, ({ params }) => {
      stored.splice(
        stored.findIndex((item) => item.id === params.id),
        1,
      );
      return { deleted: 1 as const };
    }),
  );
}

const cardOf = (name: string) => screen.getByRole('article', { name: new RegExp(name) });
const bulkBar = () => screen.queryByRole('region', { name: 'Bulk actions' });
const checkboxOf = (name: string) =>
  screen.getByRole('checkbox', { name: `Select testimonial from ${name}` });

describe('TestimonialsPage', () => {
  // The page sits behind the session: its owner and business, as the app has them; no burst of submissions.
  beforeEach(() =>
    server.use(
      ...signedInOwner(createBusiness({ collectionSlug: 'sunrise-bakery' })),
      mock(listSubmissionBursts, () => ({ bursts: [] })),
    ),
  );

  it('shows the total and the count of each status on its tab, and a tab shows its own list', async () => {
    const stored = [
      ...testimonials(3, { status: 'pending' }),
      ...testimonials(2, { status: 'approved' }),
      ...testimonials(1, { status: 'rejected', authorName: 'Rita Rejected' }),
    ];
    const asked = serveList(stored);
    const { user, router } = renderPage();

    await screen.findByText('6 total');
    expect(screen.getByRole('tab', { name: 'All', selected: true })).toBeDefined();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'All',
      'Pending (3)',
      'Approved (2)',
      'Rejected (1)',
    ]);
    expect(screen.getAllByRole('article')).toHaveLength(6);

    await user.click(screen.getByRole('tab', { name: 'Rejected (1)' }));

    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(cardOf('Rita Rejected')).toBeDefined();
    expect(screen.getByRole('tab', { name: 'Rejected (1)', selected: true })).toBeDefined();
    expect(router.state.location.search).toBe('?status=rejected');
    expect(asked.at(-1)?.searchParams.get('status')).toBe('rejected');
  });

  it('says when a tab is empty, and suggests another search while searching', async () => {
    serveList(testimonials(2, { status: 'pending' }));
    renderPage('/testimonials?status=approved');

    await screen.findByText('No approved testimonials found');
    expect(screen.getByText('Testimonials show up here once you moderate them.')).toBeDefined();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy Collection Link' })).toBeNull();
  });

  it('offers the collection link to copy, and its QR code, while there is nothing to review', async () => {
    serveList(testimonials(2, { status: 'approved' }));
    const shared: string[] = [];
    server.use(
      mock(recordCollectionShared, ({ body }) => {
        shared.push(body.how);
        return { ok: true };
      }),
    );
    const { user } = renderPage('/testimonials?status=pending');

    await screen.findByText('No pending testimonials found');
    expect(
      screen.getByText('Share your collection link to start collecting testimonials.'),
    ).toBeDefined();
    await user.click(await screen.findByRole('button', { name: 'Copy Collection Link' }));
    expect(await screen.findByText('Collection link copied to clipboard!')).toBeDefined();
    expect(await navigator.clipboard.readText()).toBe(
      `${window.location.origin}/submit/sunrise-bakery`,
    );
    // Counted for the dashboard's first-week checklist, once.
    await waitFor(() => expect(shared).toEqual(['link_copied']));
    await user.click(screen.getByRole('button', { name: 'Copy Collection Link' }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shared).toEqual(['link_copied']);

    await user.click(screen.getByRole('button', { name: 'Generate QR Code' }));
    expect(await screen.findByRole('dialog', { name: 'Your QR Code' })).toBeDefined();
  });

  it('labels a testimonial imported through the API with its source, and only that one', async () => {
    serveList([
      createTestimonial({ authorName: 'Ivy Imported', source: 'google' }),
      createTestimonial({ authorName: 'Fern Formed', source: null }),
    ]);
    renderPage();

    const imported = await screen.findByRole('article', { name: /Ivy Imported/ });
    expect(within(imported).getByText('Imported from Google')).toBeDefined();
    expect(within(cardOf('Fern Formed')).queryByText(/Imported from/)).toBeNull();
  });

  it('says when a review its source no longer has is hidden from the widget', async () => {
    serveList([
      createTestimonial({
        authorName: 'Gus Gone',
        source: 'trustpilot',
        status: 'approved',
        goneFromSourceAt: '2026-11-20T10:00:00.000Z',
      }),
      createTestimonial({ authorName: 'Ivy Imported', source: 'trustpilot', status: 'approved' }),
    ]);
    renderPage();

    const gone = await screen.findByRole('article', { name: /Gus Gone/ });
    expect(within(gone).getByText('Removed at Trustpilot, hidden from your widget')).toBeDefined();
    expect(within(cardOf('Ivy Imported')).queryByText(/Removed at/)).toBeNull();
  });

  it('suggests a different search when a search finds nothing', async () => {
    serveList(testimonials(2));
    renderPage('/testimonials?q=nobody');

    await screen.findByText('No testimonials found');
    expect(screen.getByText('Try a different search.')).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Copy Collection Link' })).toBeNull();
    expect(
      screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search testimonials' }).value,
    ).toBe('nobody');
  });

  it('shows the load error with a retry that loads the list', async () => {
    let fail = true;
    const stored = testimonials(2);
    server.use(
      mock(listTestimonials, () =>
        fail ? apiErrorResponse(500, 'INTERNAL_ERROR', 'Something went wrong') : listPage(stored),
      ),
    );
    const { user } = renderPage();

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("We couldn't load your testimonials.Try again");
    expect(screen.queryByText(/total$/)).toBeNull();

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    await screen.findByText('2 total');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  describe('selection', () => {
    it('belongs to the page it was made on: another page starts with nothing selected', async () => {
      serveList(testimonials(15));
      const { user } = renderPage();

      await user.click(
        await screen.findByRole('checkbox', { name: 'Select testimonial from Customer 01' }),
      );
      await user.click(checkboxOf('Customer 02'));
      expect(bulkBar()?.textContent).toContain('2 selected');
      expect(
        screen
          .getByRole('checkbox', { name: 'Select all on this page' })
          .getAttribute('aria-checked'),
      ).toBe('mixed');

      await user.click(screen.getByRole('button', { name: /Next/ }));

      await screen.findByRole('checkbox', { name: 'Select testimonial from Customer 11' });
      expect(screen.getAllByRole('article')).toHaveLength(5);
      expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
      expect(bulkBar()).toBeNull();

      // Back on page 1 (the same list again) the selection made there shows again, as nothing
      // was selected elsewhere in between.
      await user.click(screen.getByRole('button', { name: /Previous/ }));
      await screen.findByRole('checkbox', {
        name: 'Select testimonial from Customer 01',
        checked: true,
      });
      expect(
        screen
          .getAllByRole('checkbox', { checked: true })
          .map((box) => box.getAttribute('aria-label')),
      ).toEqual(['Select testimonial from Customer 01', 'Select testimonial from Customer 02']);
      expect(bulkBar()?.textContent).toContain('2 selected');

      // Once something is selected on page 2, the selection is page 2's alone.
      await user.click(screen.getByRole('button', { name: /Next/ }));
      await user.click(
        await screen.findByRole('checkbox', { name: 'Select testimonial from Customer 11' }),
      );
      await user.click(screen.getByRole('button', { name: /Previous/ }));
      await screen.findByRole('checkbox', {
        name: 'Select testimonial from Customer 01',
        checked: false,
      });
      expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
      expect(bulkBar()).toBeNull();
    });

    it('belongs to the tab it was made on, even for testimonials another tab shows too', async () => {
      serveList(testimonials(3, { status: 'pending' }));
      const { user } = renderPage();

      await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
      expect(bulkBar()?.textContent).toContain('3 selected');
      await user.click(screen.getByRole('tab', { name: 'Pending (3)' }));

      await screen.findByRole('tab', { name: 'Pending (3)', selected: true });
      expect(screen.getAllByRole('article')).toHaveLength(3);
      expect(screen.queryAllByRole('checkbox', { checked: true })).toEqual([]);
      expect(bulkBar()).toBeNull();
    });

    it('sends a bulk action for the ids of the page in view only', async () => {
      const stored = testimonials(15);
      serveList(stored);
      const sent: unknown[] = [];
      server.use(
        mock(bulkTestimonials, ({ body }) => {
          sent.push(body);
          return { updated: 1 };
        }),
      );
      const { user } = renderPage();

      // Everything on page 1, then one on page 2.
      await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
      expect(bulkBar()?.textContent).toContain('10 selected');
      await user.click(screen.getByRole('button', { name: /Next/ }));
      await user.click(
        await screen.findByRole('checkbox', { name: 'Select testimonial from Customer 12' }),
      );
      expect(bulkBar()?.textContent).toContain('1 selected');

      await user.click(screen.getByRole('button', { name: 'Approve selected' }));

      await screen.findByText('1 testimonial approved successfully');
      expect(sent).toEqual([{ action: 'approve', ids: [stored[11]?.id] }]);
      // The selection is spent.
      await waitFor(() => expect(bulkBar()).toBeNull());
    });

    it('drops a selected testimonial once it leaves the page', async () => {
      const stored = testimonials(3);
      serveList(stored);
      serveDelete(stored);
      const { user } = renderPage();

      await user.click(
        await screen.findByRole('checkbox', { name: 'Select testimonial from Customer 01' }),
      );
      await user.click(checkboxOf('Customer 02'));
      await user.click(within(cardOf('Customer 02')).getByRole('button', { name: /^Delete/ }));
      await user.click(await screen.findByRole('button', { name: 'Delete Forever' }));

      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
      expect(bulkBar()?.textContent).toContain('1 selected');
    });
  });

  describe('paging', () => {
    it('moves from a page past the end to the last page', async () => {
      const asked = serveList(testimonials(15));
      const { router } = renderPage('/testimonials?page=4');

      await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
      expect(screen.getByRole('navigation', { name: 'Pagination' }).textContent).toContain(
        'Page 2 of 2',
      );
      expect(asked.map((url) => url.searchParams.get('page'))).toEqual(['4', '2']);
    });

    it('goes to the new last page once deleting empties the last one', async () => {
      const stored = testimonials(11);
      const asked = serveList(stored);
      serveDelete(stored);
      const { user, router } = renderPage('/testimonials?page=2');

      const last = await screen.findByRole('article', { name: /Customer 11/ });
      await user.click(within(last).getByRole('button', { name: /^Delete/ }));
      await user.click(await screen.findByRole('button', { name: 'Delete Forever' }));

      await waitFor(() => expect(router.state.location.search).toBe(''));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
      expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
      expect(asked.at(-1)?.searchParams.has('page')).toBe(false);
    });
  });

  describe('search', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('asks for the list once typing pauses, not at every key', async () => {
      const asked = serveList([
        ...testimonials(3),
        createTestimonial({ authorName: 'Brenda Bread' }),
      ]);
      const { user, router } = renderPage();
      expect(await screen.findAllByRole('article')).toHaveLength(4);
      const searchesAsked = () =>
        asked.filter((url) => url.searchParams.has('q')).map((url) => url.searchParams.get('q'));

      // Fake time that still runs (RTL's own waits need it to), so the pause can be skipped at once.
      vi.useFakeTimers({ shouldAdvanceTime: true });
      const typist = user.setup({ advanceTimers: vi.advanceTimersByTime });
      await typist.type(screen.getByRole('searchbox', { name: 'Search testimonials' }), ' bread ');

      // Typing is done, the pause is not: nothing asked yet.
      expect(router.state.location.search).toBe('');
      expect(searchesAsked()).toEqual([]);

      await act(() => vi.advanceTimersByTimeAsync(300));

      await waitFor(() => expect(router.state.location.search).toBe('?q=bread'));
      await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
      expect(cardOf('Brenda Bread')).toBeDefined();
      expect(searchesAsked()).toEqual(['bread']);
    });
  });
});
