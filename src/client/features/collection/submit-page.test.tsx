// The public form opened from a request email's star link (docs/product/requests.md):
// /submit/{slug}?request={token}&rating={n} starts with that rating and the
// customer's name and email, and sends the token with the testimonial. Every
// star opens the same form: a low rating changes nothing else. A token the
// server does not know leaves the form empty and working, without a word.
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DEFAULT_COLLECTION_FLAGS } from '../../../shared/collection-settings';
import { recordAnalyticsEvents } from '../../../shared/contracts/analytics';
import { getPublicBusiness } from '../../../shared/contracts/business';
import { getRequestPrefill } from '../../../shared/contracts/requests';
import { submitTestimonial } from '../../../shared/contracts/submissions';
import type { PublicBusiness } from '../../../shared/schemas/business';
import { analyticsBeaconSchema } from '../../../shared/schemas/analytics';
import { REQUEST_TOKEN_FIELD } from '../../../shared/schemas/submission';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { SubmitPage } from './submit-page';

const TOKEN = 'req_3f9a.signature';

// The form's beacons (form-analytics.ts), read here instead of sent.
let sendBeacon: MockInstance<Navigator['sendBeacon']>;
beforeEach(() => {
  sendBeacon = vi.spyOn(navigator, 'sendBeacon').mockReturnValue(true);
});
afterEach(() => {
  vi.restoreAllMocks();
  delete (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl;
});

/** Every beacon sent, parsed as the server parses it. */
const beacons = () =>
  sendBeacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(recordAnalyticsEvents.path);
    return analyticsBeaconSchema.parse(JSON.parse(body as string));
  });

function publicBusiness(
  overrides: Partial<PublicBusiness['collectionSettings']> = {},
): PublicBusiness {
  return {
    name: 'Sunrise Bakery',
    logoUrl: null,
    collectionSlug: 'sunrise',
    backgroundColor: '#ffffff',
    innerContainerColor: '#ffffff',
    textColor: '#111111',
    fontFamily: 'Inter',
    fontSize: '16px',
    collectionSettings: {
      ...DEFAULT_COLLECTION_FLAGS,
      collectSelfie: false,
      collectBeforeAfterPhotos: false,
      collectProductPhotos: false,
      welcomeMessage: 'Share your experience with us!',
      redirectAfterSubmission: null,
      ...overrides,
    },
  };
}

/** The form's server: the business, the star link's customer (or its 404), and the submissions it receives. */
function serveForm({
  business = publicBusiness(),
  known = true,
}: { business?: PublicBusiness; known?: boolean } = {}) {
  const sent: Record<string, unknown>[] = [];
  const prefills: string[] = [];
  server.use(
    mock(getPublicBusiness, () => business),
    mock(getRequestPrefill, ({ params }) => {
      prefills.push(params.token);
      return known
        ? { name: 'Jane Doe', email: 'jane@example.com' }
        : apiErrorResponse(404, 'NOT_FOUND', 'Not found');
    }),
    mock(submitTestimonial, ({ body }) => {
      sent.push(body);
      return { testimonial: { id: 'testimonial-1' } };
    }),
  );
  return { sent, prefills };
}

const open = (search: string) =>
  renderScreen(<SubmitPage />, { path: `/submit/sunrise${search}`, routePath: '/submit/:slug' });

const nameField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Name/ });
const emailField = () => screen.getByRole<HTMLInputElement>('textbox', { name: /^Email/ });
const star = (n: number) =>
  screen.getByRole<HTMLInputElement>('radio', { name: n === 1 ? '1 star' : `${n} stars` });
const checkedStars = () =>
  screen.getAllByRole<HTMLInputElement>('radio').filter((radio) => radio.checked);

async function writeAndSend(user: ReturnType<typeof open>['user']) {
  await user.type(
    screen.getByRole('textbox', { name: /Your testimonial/ }),
    'The croissants are the best in town.',
  );
  await user.click(screen.getByRole('button', { name: /Submit Testimonial/ }));
  expect(await screen.findByRole('heading', { name: /thank you/i })).toBeDefined();
}

describe('a form opened from a star link', () => {
  it("fills in the customer's name and email and the clicked star, and sends the token", async () => {
    const { sent, prefills } = serveForm();
    const { user } = open(`?request=${encodeURIComponent(TOKEN)}&rating=4`);
    await screen.findByRole('form', { name: 'Testimonial form' });
    await waitFor(() => expect(nameField().value).toBe('Jane Doe'));
    expect(emailField().value).toBe('jane@example.com');
    expect(star(4).checked).toBe(true);
    expect(prefills).toEqual([TOKEN]);

    await writeAndSend(user);
    expect(sent).toEqual([
      expect.objectContaining({
        authorName: 'Jane Doe',
        authorEmail: 'jane@example.com',
        rating: 4,
        [REQUEST_TOKEN_FIELD]: TOKEN,
      }),
    ]);
  });

  it('sets one star just as five, and shows the very same form', async () => {
    serveForm();
    const low = open(`?request=${TOKEN}&rating=1`);
    await screen.findByRole('form', { name: 'Testimonial form' });
    await waitFor(() => expect(star(1).checked).toBe(true));
    await waitFor(() => expect(nameField().value).toBe('Jane Doe'));
    const controlsOf = () =>
      Array.from(
        screen
          .getByRole('form', { name: 'Testimonial form' })
          .querySelectorAll('input, textarea, button, label, legend'),
      ).map(
        (element) =>
          `${element.tagName}:${element.getAttribute('aria-label') ?? element.textContent ?? ''}`,
      );
    const lowForm = controlsOf();
    const lowText = screen.getByRole('form', { name: 'Testimonial form' }).textContent;
    low.unmount();

    const { sent } = serveForm();
    const high = open(`?request=${TOKEN}&rating=5`);
    await screen.findByRole('form', { name: 'Testimonial form' });
    await waitFor(() => expect(star(5).checked).toBe(true));
    await waitFor(() => expect(nameField().value).toBe('Jane Doe'));
    expect(controlsOf()).toEqual(lowForm);
    // Only the words of the chosen star differ.
    expect(
      screen
        .getByRole('form', { name: 'Testimonial form' })
        .textContent?.replace('5 out of 5 stars · Excellent', ''),
    ).toBe(lowText?.replace('1 out of 5 stars · Poor', ''));

    high.unmount();
    const again = serveForm();
    const { user } = open(`?request=${TOKEN}&rating=1`);
    await screen.findByRole('form', { name: 'Testimonial form' });
    await waitFor(() => expect(nameField().value).toBe('Jane Doe'));
    await writeAndSend(user);
    expect(again.sent[0]).toMatchObject({ rating: 1, [REQUEST_TOKEN_FIELD]: TOKEN });
    expect(sent).toEqual([]);
  });

  it('with a token the server does not know: an empty form that works, and no token sent', async () => {
    const { sent, prefills } = serveForm({ known: false });
    const { user } = open(`?request=forged&rating=5`);
    await screen.findByRole('form', { name: 'Testimonial form' });
    await waitFor(() => expect(prefills).toEqual(['forged']));
    expect(star(5).checked).toBe(true);
    expect(nameField().value).toBe('');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(nameField(), 'Sam');
    await writeAndSend(user);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ authorName: 'Sam', rating: 5 });
    expect(sent[0]).not.toHaveProperty(REQUEST_TOKEN_FIELD);
  });

  it('ignores a rating that is not 1 to 5', async () => {
    serveForm();
    open(`?request=${TOKEN}&rating=9`);
    await screen.findByRole('form', { name: 'Testimonial form' });
    await waitFor(() => expect(nameField().value).toBe('Jane Doe'));
    expect(checkedStars()).toEqual([]);
  });

  it('fills in only the fields the form has', async () => {
    const { sent } = serveForm({
      business: publicBusiness({ collectEmail: false, emailRequired: false }),
    });
    const { user } = open(`?request=${TOKEN}&rating=3`);
    await screen.findByRole('form', { name: 'Testimonial form' });
    await waitFor(() => expect(nameField().value).toBe('Jane Doe'));
    expect(screen.queryByRole('textbox', { name: /^Email/ })).toBeNull();
    await writeAndSend(user);
    expect(sent[0]).not.toHaveProperty('authorEmail', 'jane@example.com');
  });

  it('without a token, is the plain form: no prefill asked for, no star chosen', async () => {
    const { sent } = serveForm();
    const { user } = open('?rating=5');
    await screen.findByRole('form', { name: 'Testimonial form' });
    expect(checkedStars()).toEqual([]);
    await user.click(star(2));
    await user.type(nameField(), 'Sam');
    await writeAndSend(user);
    expect(sent[0]).not.toHaveProperty(REQUEST_TOKEN_FIELD);
  });
});

describe('what the form counts', () => {
  const events = () => beacons().flatMap((beacon) => beacon.events);

  it.each([
    ['a plain link', '', 'link'],
    ['the QR code', '?src=qr', 'qr'],
    ['a request email', `?request=${TOKEN}&rating=4`, 'email'],
    ['the Wall of Love', '?src=wall', 'wall'],
  ])('a view from %s, once, with its source and without the query', async (_, search, source) => {
    serveForm();
    open(search);
    await screen.findByRole('form', { name: 'Testimonial form' });
    await waitFor(() => expect(beacons()).toHaveLength(1));
    expect(beacons()).toEqual([
      {
        slug: 'sunrise',
        page: `${window.location.origin}/submit/sunrise`,
        events: [{ type: 'form_view', source }],
      },
    ]);
  });

  it('a start at the first field touched, once', async () => {
    serveForm();
    const { user } = open('');
    await screen.findByRole('form', { name: 'Testimonial form' });
    expect(events()).toEqual([{ type: 'form_view', source: 'link' }]);
    await user.click(nameField());
    await user.type(nameField(), 'Sam');
    await user.click(emailField());
    await user.type(emailField(), 'sam@example.com');
    expect(events()).toEqual([{ type: 'form_view', source: 'link' }, { type: 'form_start' }]);
  });

  it('a start from typing alone, once', async () => {
    serveForm();
    open('');
    await screen.findByRole('form', { name: 'Testimonial form' });
    nameField().dispatchEvent(new Event('input', { bubbles: true }));
    nameField().dispatchEvent(new Event('input', { bubbles: true }));
    expect(events()).toEqual([{ type: 'form_view', source: 'link' }, { type: 'form_start' }]);
  });

  it('nothing for an unknown business', async () => {
    server.use(
      mock(getPublicBusiness, () => apiErrorResponse(404, 'NOT_FOUND', 'Business not found')),
    );
    open('');
    await screen.findByRole('heading', { name: 'Business Not Found' });
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('nothing with Do Not Track or Global Privacy Control', async () => {
    serveForm();
    vi.spyOn(navigator, 'doNotTrack', 'get').mockReturnValue('1');
    const first = open('?src=qr');
    await first.user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Sam');
    first.unmount();
    vi.spyOn(navigator, 'doNotTrack', 'get').mockReturnValue('unspecified');
    Object.defineProperty(navigator, 'globalPrivacyControl', { configurable: true, value: true });
    const { user } = open('?src=qr');
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Sam');
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
