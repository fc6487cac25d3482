// The fake server of the Requests screen's component tests: the owner's
// requests, their totals and settings, and the check and send of a list,
// answered as the contracts say and remembered for the test to read.
import {
  checkRequests,
  createRequests,
  getRequestSettings,
  listRequests,
  previewRequestEmail,
  saveRequestSettings,
} from '../../shared/contracts/requests';
import {
  requestStatuses,
  type RequestPage,
  type RequestSettings,
  type RequestSkipReason,
  type ReviewRequest,
} from '../../shared/schemas/requests';
import { mock, server, type ContractAnswer } from './server';

const DEFAULT_SETTINGS: RequestSettings = {
  subject: 'How was your visit, {first name}?',
  body: 'Hi {first name},\n\nThank you for choosing {business name}. Would you tell others how it went?',
  reminderDays: 3,
  dailyCap: 200,
};

let sequence = 0;

export function createReviewRequest(overrides: Partial<ReviewRequest> = {}): ReviewRequest {
  sequence += 1;
  return {
    id: crypto.randomUUID(),
    name: `Customer ${sequence}`,
    email: `customer${sequence}@example.com`,
    status: 'sent',
    sendAt: '2026-11-20T09:00:00.000Z',
    sentAt: '2026-11-20T09:00:05.000Z',
    remindedAt: null,
    testimonialId: null,
    failure: null,
    createdAt: '2026-11-20T08:59:00.000Z',
    ...overrides,
  };
}

/** Totals counted from `requests`, each status present. */
function totalsOf(requests: readonly ReviewRequest[]): RequestPage['totals'] {
  const totals = Object.fromEntries(
    requestStatuses.map((status) => [status, 0]),
  ) as RequestPage['totals'];
  for (const request of requests) totals[request.status] += 1;
  return totals;
}

type Served = {
  /** Every request of the business, newest first. */
  requests?: ReviewRequest[];
  /** Page size of the fake list. */
  pageSize?: number;
  settings?: RequestSettings;
  /** Addresses the check and the send skip, with their reason. */
  skip?: Record<string, RequestSkipReason>;
  list?: () => ContractAnswer<typeof listRequests>;
  save?: () => ContractAnswer<typeof saveRequestSettings>;
};

export function serveRequests({
  requests = [],
  pageSize = 50,
  settings = DEFAULT_SETTINGS,
  skip = {},
  list,
  save,
}: Served = {}) {
  const calls = {
    list: [] as URLSearchParams[],
    check: [] as unknown[],
    create: [] as unknown[],
    saved: [] as unknown[],
    previews: [] as { subject: string; body: string; name?: string }[],
  };
  const outcomesOf = (customers: { email: string }[]) => ({
    customers: customers.map(({ email }) => {
      const reason = skip[email.trim()];
      return reason
        ? { email, status: 'skipped' as const, reason }
        : { email, status: 'queued' as const, id: crypto.randomUUID() };
    }),
  });
  let stored = settings;
  server.use(
    mock(listRequests, ({ url, query }) => {
      calls.list.push(url.searchParams);
      if (list) return list();
      const matching = requests.filter(
        (request) =>
          (!query.status || request.status === query.status) &&
          (!query.q ||
            `${request.name} ${request.email}`.toLowerCase().includes(query.q.toLowerCase())),
      );
      const start = query.cursor ? Number(query.cursor) : 0;
      const end = start + pageSize;
      return {
        data: matching.slice(start, end),
        nextCursor: end < matching.length ? String(end) : null,
        totals: totalsOf(requests),
      };
    }),
    mock(getRequestSettings, () => stored),
    mock(saveRequestSettings, ({ body }) => {
      calls.saved.push(body);
      if (save) return save();
      stored = body;
      return body;
    }),
    mock(previewRequestEmail, ({ body }) => {
      calls.previews.push(body);
      const name = body.name || 'there';
      const fill = (text: string) =>
        text
          .replaceAll('{first name}', name.split(' ')[0] ?? name)
          .replaceAll('{business name}', 'Sunrise Bakery');
      return {
        subject: fill(body.subject),
        html: `<!doctype html><p>${fill(body.body)}</p>`,
        text: `${fill(body.body)}\n\nRate us: 1 2 3 4 5`,
      };
    }),
    mock(checkRequests, ({ body }) => {
      calls.check.push(body);
      return outcomesOf(body.customers);
    }),
    mock(createRequests, ({ body }) => {
      calls.create.push(body);
      return outcomesOf(body.customers);
    }),
  );
  return calls;
}
