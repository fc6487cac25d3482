// The Requests screen as an owner meets it (docs/product/requests.md#the-requests-screen): the
// empty state, the list with its totals as status filters, search and "Load
// more"; asking customers typed, pasted or from a CSV file, the check that
// shows who is skipped and why before anything is sent, sending now and
// scheduling; the message settings with their validation and live preview.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { listRequests } from '../../../shared/contracts/requests';
import { REQUEST_SKIP_REASON_TEXT } from '../../../shared/schemas/requests';
import { createReviewRequest, serveRequests } from '../../testing/request-factories';
import { renderScreen } from '../../testing/render';
import { apiErrorResponse, mock, server } from '../../testing/server';
import { RequestsPage } from './requests-page';
import { toLocalInputValue } from './send-at';
import { TEXT } from './texts';

const renderPage = () => renderScreen(<RequestsPage />, { path: '/requests' });

const askCard = () => screen.getByRole('region', { name: TEXT.askTitle });
const messageCard = () => screen.getByRole('region', { name: TEXT.messageTitle });

describe('the list of requests', () => {
  it('explains requests and invites the first one when there are none', async () => {
    serveRequests();
    renderPage();
    expect(await screen.findByText(TEXT.emptyTitle)).toBeDefined();
    expect(screen.getByText(TEXT.emptyText)).toBeDefined();
    expect(screen.getByRole('link', { name: TEXT.askTitle }).getAttribute('href')).toBe(
      '#ask-customers',
    );
    expect(screen.queryByRole('group', { name: TEXT.filterLabel })).toBeNull();
  });

  it('shows each request with its status, dates, failure and testimonial, and the totals', async () => {
    serveRequests({
      requests: [
        createReviewRequest({
          name: 'Jane Doe',
          email: 'jane@example.com',
          status: 'submitted',
          testimonialId: crypto.randomUUID(),
        }),
        createReviewRequest({
          name: 'Bob',
          email: 'bob@example.com',
          status: 'bounced',
          failure: 'Mailbox does not exist',
        }),
        createReviewRequest({ name: '', email: 'ann@example.com', status: 'queued', sentAt: null }),
      ],
    });
    renderPage();
    const list = await screen.findByRole('list', { name: 'Requests' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Jane Doe')).toBeDefined();
    expect(within(rows[0]!).getByText('Submitted')).toBeDefined();
    expect(
      within(rows[0]!)
        .getByRole('link', { name: `${TEXT.viewTestimonial} from Jane Doe` })
        .getAttribute('href'),
    ).toBe('/testimonials?q=Jane%20Doe');
    expect(within(rows[1]!).getByText('Mailbox does not exist')).toBeDefined();
    expect(within(rows[1]!).getByText('Bounced')).toBeDefined();
    expect(within(rows[2]!).getByText(TEXT.noName)).toBeDefined();
    expect(within(rows[2]!).getByText(/^Sends /)).toBeDefined();

    const totals = screen.getByRole('group', { name: TEXT.filterLabel });
    expect(within(totals).getByRole('button', { name: /All\s*3/ })).toBeDefined();
    expect(within(totals).getByRole('button', { name: /Submitted\s*1/ })).toBeDefined();
    expect(within(totals).getByRole('button', { name: /Failed\s*0/ })).toBeDefined();
  });

  it('filters by a status from its total, and back to all', async () => {
    const calls = serveRequests({
      requests: [
        createReviewRequest({ name: 'Jane Doe', status: 'sent' }),
        createReviewRequest({ name: 'Bob', status: 'bounced', failure: 'Rejected' }),
      ],
    });
    const { user } = renderPage();
    const totals = await screen.findByRole('group', { name: TEXT.filterLabel });
    const bounced = within(totals).getByRole('button', { name: /Bounced/ });
    await user.click(bounced);
    await waitFor(() => expect(screen.queryByText('Jane Doe')).toBeNull());
    expect(screen.getByText('Bob')).toBeDefined();
    expect(bounced.getAttribute('aria-pressed')).toBe('true');
    expect(calls.list.at(-1)?.get('status')).toBe('bounced');

    await user.click(within(totals).getByRole('button', { name: /All/ }));
    expect(await screen.findByText('Jane Doe')).toBeDefined();
    expect(screen.getByText('Bob')).toBeDefined();
  });

  it('searches by name or email once typing pauses', async () => {
    const calls = serveRequests({
      requests: [
        createReviewRequest({ name: 'Jane Doe', email: 'jane@example.com' }),
        createReviewRequest({ name: 'Bob', email: 'bob@example.com' }),
      ],
    });
    const { user } = renderPage();
    await user.type(await screen.findByRole('searchbox', { name: TEXT.searchLabel }), 'bob@');
    await waitFor(() => expect(screen.queryByText('Jane Doe')).toBeNull());
    expect(calls.list.at(-1)?.get('q')).toBe('bob@');

    await user.clear(screen.getByRole('searchbox', { name: TEXT.searchLabel }));
    await user.type(screen.getByRole('searchbox', { name: TEXT.searchLabel }), 'nobody');
    expect(await screen.findByText(TEXT.noMatchTitle)).toBeDefined();
  });

  it('loads the next page with the cursor', async () => {
    const calls = serveRequests({
      pageSize: 2,
      requests: [1, 2, 3].map((n) => createReviewRequest({ name: `Person ${n}` })),
    });
    const { user } = renderPage();
    await screen.findByText('Person 2');
    expect(screen.queryByText('Person 3')).toBeNull();
    await user.click(screen.getByRole('button', { name: TEXT.loadMore }));
    expect(await screen.findByText('Person 3')).toBeDefined();
    expect(calls.list.at(-1)?.get('cursor')).toBe('2');
    expect(screen.getByText('Person 1')).toBeDefined();
    expect(screen.queryByRole('button', { name: TEXT.loadMore })).toBeNull();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    serveRequests();
    let failing = true;
    server.use(
      mock(listRequests, () =>
        failing
          ? apiErrorResponse(500, 'INTERNAL', 'Something went wrong')
          : {
              data: [],
              nextCursor: null,
              totals: {
                queued: 0,
                sent: 0,
                clicked: 0,
                submitted: 0,
                unsubscribed: 0,
                bounced: 0,
                failed: 0,
              },
            },
      ),
    );
    const { user } = renderPage();
    expect(await screen.findByText("We couldn't load your requests.")).toBeDefined();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(TEXT.emptyTitle)).toBeDefined();
  });
});

describe('asking customers', () => {
  async function pasteCustomers(user: ReturnType<typeof renderPage>['user'], text: string) {
    const box = within(askCard()).getByRole('textbox', { name: TEXT.customersLabel });
    await user.click(box);
    await user.paste(text);
  }

  it('checks a pasted list first: who will be asked, who is skipped and why', async () => {
    const calls = serveRequests({
      skip: { 'bob@example.com': 'recently_asked', 'not-an-address': 'invalid_email' },
    });
    const { user } = renderPage();
    await screen.findByText(TEXT.emptyTitle);
    await pasteCustomers(
      user,
      'Jane Doe <jane@example.com>\nBob Smith, bob@example.com\nnot-an-address\nann@example.com',
    );
    expect(within(askCard()).getByText('4 customers in the list.')).toBeDefined();
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));

    const table = await within(askCard()).findByRole('table');
    expect(calls.check).toEqual([
      {
        customers: [
          { name: 'Jane Doe', email: 'jane@example.com' },
          { name: 'Bob Smith', email: 'bob@example.com' },
          { name: '', email: 'not-an-address' },
          { name: '', email: 'ann@example.com' },
        ],
      },
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText(TEXT.willBeAsked)).toBeDefined();
    expect(within(rows[1]!).getByText(REQUEST_SKIP_REASON_TEXT.recently_asked)).toBeDefined();
    expect(within(rows[2]!).getByText(REQUEST_SKIP_REASON_TEXT.invalid_email)).toBeDefined();
    const counts = within(askCard()).getByText('2 will be asked, 2 skipped');
    expect(counts.getAttribute('aria-live')).toBe('polite');
    expect(calls.create).toEqual([]);
  });

  it('sets the preview aside when the list changes', async () => {
    serveRequests();
    const { user } = renderPage();
    await screen.findByText(TEXT.emptyTitle);
    await pasteCustomers(user, 'jane@example.com');
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));
    await within(askCard()).findByRole('table');
    await pasteCustomers(user, '\nbob@example.com');
    expect(within(askCard()).queryByRole('table')).toBeNull();
    expect(within(askCard()).queryByRole('button', { name: TEXT.sendNow })).toBeNull();
  });

  it('asks for at least one customer, and at most what one call takes', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    await screen.findByText(TEXT.emptyTitle);
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));
    expect(within(askCard()).getByRole('alert').textContent).toBe('Add at least one customer');

    const tooMany = Array.from({ length: 1001 }, (_, n) => `c${n}@example.com`).join('\n');
    await pasteCustomers(user, tooMany);
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));
    expect(within(askCard()).getByRole('alert').textContent).toBe(
      'At most 1000 customers at a time',
    );
    expect(calls.check).toEqual([]);
  });

  it('sends now: the checked list, a toast with what was queued and skipped, and the list read again', async () => {
    const calls = serveRequests({ skip: { 'bob@example.com': 'unsubscribed' } });
    const { user } = renderPage();
    await screen.findByText(TEXT.emptyTitle);
    const readsBefore = calls.list.length;
    await pasteCustomers(user, 'Jane Doe\tjane@example.com\nBob\tbob@example.com\nann@example.com');
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));
    await user.click(await within(askCard()).findByRole('button', { name: TEXT.sendNow }));

    expect(await screen.findByText('Requests queued')).toBeDefined();
    expect(screen.getByText('2 customers will be asked. 1 skipped.')).toBeDefined();
    expect(calls.create).toEqual([
      {
        customers: [
          { name: 'Jane Doe', email: 'jane@example.com' },
          { name: 'Bob', email: 'bob@example.com' },
          { name: '', email: 'ann@example.com' },
        ],
      },
    ]);
    await waitFor(() => expect(calls.list.length).toBeGreaterThan(readsBefore));
    expect(
      within(askCard()).getByRole<HTMLTextAreaElement>('textbox', { name: TEXT.customersLabel })
        .value,
    ).toBe('');
  });

  it('schedules: the chosen local time is sent with its offset', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    await screen.findByText(TEXT.emptyTitle);
    await pasteCustomers(user, 'jane@example.com');
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));
    await within(askCard()).findByRole('table');

    await user.click(within(askCard()).getByRole('button', { name: TEXT.schedule }));
    expect(within(askCard()).getByRole('alert').textContent).toBe(TEXT.scheduleMissing);

    const when = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    when.setSeconds(0, 0);
    fireEvent.change(within(askCard()).getByLabelText(TEXT.scheduleLabel), {
      target: { value: toLocalInputValue(when) },
    });
    await user.click(within(askCard()).getByRole('button', { name: TEXT.schedule }));

    expect(await screen.findByText('Requests scheduled')).toBeDefined();
    const [sent] = calls.create as { sendAt: string }[];
    expect(sent?.sendAt).toMatch(/T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    expect(new Date(sent?.sendAt ?? '').getTime()).toBe(when.getTime());
  });

  it('refuses a time in the past before sending', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    await screen.findByText(TEXT.emptyTitle);
    await pasteCustomers(user, 'jane@example.com');
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));
    await within(askCard()).findByRole('table');
    fireEvent.change(within(askCard()).getByLabelText(TEXT.scheduleLabel), {
      target: { value: '2020-01-01T10:00' },
    });
    await user.click(within(askCard()).getByRole('button', { name: TEXT.schedule }));
    expect(within(askCard()).getByRole('alert').textContent).toBe(TEXT.schedulePast);
    expect(calls.create).toEqual([]);
  });

  it('reads a CSV file, guesses its columns, and lets the owner map them', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    await screen.findByText(TEXT.emptyTitle);
    const csv = new File(
      [
        'Order,First Name,Nickname,E-mail\n1,Jane,JD,jane@example.com\n2,Bob,Bobby,bob@example.com\n',
      ],
      'customers.csv',
      { type: 'text/csv' },
    );
    await user.upload(within(askCard()).getByLabelText(TEXT.uploadCsv), csv);

    const nameColumn = await within(askCard()).findByRole('combobox', { name: TEXT.csvNameColumn });
    const emailColumn = within(askCard()).getByRole('combobox', { name: TEXT.csvEmailColumn });
    expect((nameColumn as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('First Name');
    expect((emailColumn as HTMLSelectElement).selectedOptions[0]?.textContent).toBe('E-mail');
    expect(within(askCard()).getByText(/2 customers/)).toBeDefined();

    await user.selectOptions(nameColumn, 'Nickname');
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));
    await within(askCard()).findByRole('table');
    expect(calls.check).toEqual([
      {
        customers: [
          { name: 'JD', email: 'jane@example.com' },
          { name: 'Bobby', email: 'bob@example.com' },
        ],
      },
    ]);

    await user.selectOptions(emailColumn, TEXT.csvNoColumn);
    await user.click(within(askCard()).getByRole('button', { name: TEXT.check }));
    expect(within(askCard()).getByRole('alert').textContent).toBe(TEXT.csvNoEmailColumn);

    await user.click(within(askCard()).getByRole('button', { name: TEXT.csvClear }));
    expect(within(askCard()).getByRole('textbox', { name: TEXT.customersLabel })).toBeDefined();

    await user.upload(
      within(askCard()).getByLabelText(TEXT.uploadCsv),
      new File(['\n\n'], 'empty.csv', { type: 'text/csv' }),
    );
    expect((await within(askCard()).findByRole('alert')).textContent).toBe(TEXT.csvUnreadable);
  });
});

describe('the message', () => {
  it('saves the subject, message, reminder and daily limit', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    const subject = await within(messageCard()).findByRole('textbox', { name: TEXT.subjectLabel });
    await user.clear(subject);
    await user.type(subject, 'A minute for us?');
    await user.selectOptions(
      within(messageCard()).getByRole('combobox', { name: TEXT.reminderLabel }),
      TEXT.reminderOff,
    );
    const cap = within(messageCard()).getByRole('spinbutton', { name: TEXT.dailyCapLabel });
    await user.clear(cap);
    await user.type(cap, '50');
    await user.click(within(messageCard()).getByRole('button', { name: TEXT.save }));

    expect(await screen.findByText('Message saved')).toBeDefined();
    expect(calls.saved).toEqual([
      {
        subject: 'A minute for us?',
        body: expect.stringContaining('Thank you for choosing {business name}') as unknown,
        reminderDays: null,
        dailyCap: 50,
      },
    ]);
  });

  it('shows what is wrong before saving', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    const subject = await within(messageCard()).findByRole('textbox', { name: TEXT.subjectLabel });
    await user.clear(subject);
    await user.clear(within(messageCard()).getByRole('textbox', { name: TEXT.bodyLabel }));
    const cap = within(messageCard()).getByRole('spinbutton', { name: TEXT.dailyCapLabel });
    await user.clear(cap);
    await user.type(cap, '0');
    await user.click(within(messageCard()).getByRole('button', { name: TEXT.save }));

    expect(await within(messageCard()).findByText('Subject is required')).toBeDefined();
    expect(within(messageCard()).getByText('Message is required')).toBeDefined();
    expect(within(messageCard()).getByText('Daily limit must be at least 1')).toBeDefined();
    expect(subject.getAttribute('aria-invalid')).toBe('true');
    expect(calls.saved).toEqual([]);
  });

  it('asks for a number when the daily limit is left empty', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    await user.clear(
      await within(messageCard()).findByRole('spinbutton', { name: TEXT.dailyCapLabel }),
    );
    await user.click(within(messageCard()).getByRole('button', { name: TEXT.save }));
    expect(await within(messageCard()).findByText('Daily limit must be a number')).toBeDefined();
    expect(calls.saved).toEqual([]);
  });

  it('inserts a placeholder where the cursor is', async () => {
    serveRequests({
      settings: { subject: 'Hi', body: 'Hello  from us', reminderDays: 3, dailyCap: 10 },
    });
    const { user } = renderPage();
    const body = await within(messageCard()).findByRole<HTMLTextAreaElement>('textbox', {
      name: TEXT.bodyLabel,
    });
    body.setSelectionRange(6, 6);
    await user.click(within(messageCard()).getByRole('button', { name: TEXT.insertFirstName }));
    expect(body.value).toBe('Hello {first name} from us');
    await user.click(within(messageCard()).getByRole('button', { name: TEXT.insertBusinessName }));
    expect(body.value).toBe('Hello {first name}{business name} from us');
  });

  it('previews the email as the first customer would get it, in a frame without scripts, and as plain text', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    const frame = await within(messageCard()).findByTitle(
      TEXT.emailPreviewFrame,
      {},
      { timeout: 2000 },
    );
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('Thank you for choosing Sunrise Bakery');
    expect(within(messageCard()).getByText('How was your visit, Alex?')).toBeDefined();
    expect(calls.previews.at(-1)?.name).toBe(TEXT.previewSampleName);

    await pasteFirst(user, 'Jane Doe <jane@example.com>');
    await waitFor(() => expect(calls.previews.at(-1)?.name).toBe('Jane Doe'), { timeout: 2000 });
    expect(await within(messageCard()).findByText('How was your visit, Jane?')).toBeDefined();

    await user.click(within(messageCard()).getByRole('button', { name: TEXT.showText }));
    expect(within(messageCard()).getByText(/Rate us: 1 2 3 4 5/)).toBeDefined();
    expect(within(messageCard()).queryByTitle(TEXT.emailPreviewFrame)).toBeNull();
  });

  it('asks for the preview once typing pauses, not at every key', async () => {
    const calls = serveRequests();
    const { user } = renderPage();
    await within(messageCard()).findByTitle(TEXT.emailPreviewFrame, {}, { timeout: 2000 });
    const before = calls.previews.length;
    await user.type(
      within(messageCard()).getByRole('textbox', { name: TEXT.subjectLabel }),
      ' Tell us',
    );
    await waitFor(
      () =>
        expect(calls.previews.at(-1)?.subject).toBe('How was your visit, {first name}? Tell us'),
      {
        timeout: 2000,
      },
    );
    expect(calls.previews.length - before).toBeLessThanOrEqual(2);
  });
});

async function pasteFirst(user: ReturnType<typeof renderPage>['user'], text: string) {
  await user.click(within(askCard()).getByRole('textbox', { name: TEXT.customersLabel }));
  await user.paste(text);
}
