// What the integration tests of requests share: an owner with a moving clock, the calls of the Requests screen,
// and readers of the emails a customer gets.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { RequestCustomer, RequestOutcomes } from '../../shared/schemas/requests.js';
import { emailSuppressions, jobs, reviewRequests } from '../db/schema.js';
import { createSignedInUser, login, readOutbox, withSession } from './factories.js';
import { decodeQuotedPrintable } from './quoted-printable.js';
import { createTestApp } from './test-app.js';
import type { Config } from '../config.js';

export const START = new Date('2026-03-02T09:00:00Z');

export async function requestsSetup(config: Partial<Config> = {}) {
  let now = START;
  const app = await createTestApp(config, { clock: () => now });
  const owner = await createSignedInUser(app, { businessName: 'Crumb & Co' });
  const business = owner.business;
  if (!business) throw new Error('the owner has no business');
  const { db } = app.database;
  let cookie = owner.cookie;
  const asOwner = (options: InjectOptions) => app.inject({ ...options, ...withSession(cookie) });
  return {
    app,
    owner,
    business,
    now: () => now,
    advance: (ms: number) => {
      now = new Date(now.getTime() + ms);
    },
    /** After a clock jump past the session's life (7 days idle). */
    signInAgain: async () => {
      cookie = await login(app, owner.email);
    },
    asOwner,
    send: (customers: RequestCustomer[], sendAt?: string) =>
      asOwner({ method: 'POST', url: '/api/requests', payload: { customers, sendAt } }),
    check: (customers: RequestCustomer[], sendAt?: string) =>
      asOwner({ method: 'POST', url: '/api/requests/check', payload: { customers, sendAt } }),
    /** Sends and expects every customer queued; answers the outcomes. */
    sendAll: async (customers: RequestCustomer[]) => {
      const response = await asOwner({
        method: 'POST',
        url: '/api/requests',
        payload: { customers },
      });
      if (response.statusCode !== 202) throw new Error(`send: ${response.body}`);
      const outcomes = response.json<RequestOutcomes>().customers;
      if (outcomes.some((outcome) => outcome.status !== 'queued'))
        throw new Error(`send skipped some: ${response.body}`);
      return outcomes;
    },
    saveSettings: (settings: Record<string, unknown>) =>
      asOwner({ method: 'PUT', url: '/api/request-settings', payload: settings }),
    rows: () => db.select().from(reviewRequests).orderBy(reviewRequests.createdAt),
    row: async (id: string) =>
      (await db.select().from(reviewRequests).where(eq(reviewRequests.id, id)))[0],
    suppressions: () => db.select().from(emailSuppressions),
    suppress: (email: string, reason: 'unsubscribed' | 'bounced') =>
      db.insert(emailSuppressions).values({ businessId: business.id, email, reason }),
    jobs: () => db.select().from(jobs),
    /** The outbox's emails to this address, decoded. */
    emailsTo: async (address: string) =>
      (await readOutbox(app))
        .map(decodeQuotedPrintable)
        .filter((email) => new RegExp(`^To: ${address}$`, 'mi').test(email)),
  };
}

/** The star links of an email's plain-text part, by rating. */
export function starLinksOf(email: string): Map<number, string> {
  const links = new Map<number, string>();
  for (const match of email.matchAll(/^(\d) stars?: (http\S+)$/gm)) {
    links.set(Number(match[1]), match[2] ?? '');
  }
  return links;
}

/** The token of a star link. */
export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('request');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}

export const subjectOf = (email: string) => /^Subject: (.*)$/m.exec(email)?.[1];
