// Every endpoint of the server, each declared once in its area's file. The
// tenant matrix and the OpenAPI test compare this list with the live route
// table: a route without a contract, or a contract without a route, fails.
import { contractKey, type Contract } from '../contract.js';
import * as analytics from './analytics.js';
import * as auth from './auth.js';
import * as billing from './billing.js';
import * as business from './business.js';
import * as collection from './collection.js';
import * as dashboard from './dashboard.js';
import * as imports from './imports.js';
import * as integrations from './integrations.js';
import * as notifications from './notifications.js';
import * as pages from './pages.js';
import * as reference from './reference.js';
import * as requests from './requests.js';
import * as reviewSources from './review-sources.js';
import * as submissions from './submissions.js';
import * as testimonials from './testimonials.js';
import * as uploads from './uploads.js';
import * as webhooks from './webhooks.js';
import * as widget from './widget.js';

const areas: ReadonlyArray<Record<string, unknown>> = [
  auth,
  business,
  collection,
  dashboard,
  submissions,
  testimonials,
  imports,
  uploads,
  widget,
  billing,
  integrations,
  notifications,
  requests,
  webhooks,
  reviewSources,
  analytics,
  pages,
  reference,
];

const isContract = (value: unknown): value is Contract =>
  typeof value === 'object' &&
  value !== null &&
  'method' in value &&
  'path' in value &&
  'access' in value;

/** An export's contracts: a contract, or the contracts of a map of them (the pages, the upload URLs). */
const contractsOf = (value: unknown): Contract[] =>
  isContract(value)
    ? [value]
    : typeof value === 'object' && value !== null
      ? Object.values(value).filter(isContract)
      : [];

/** Each once, though a contract may be exported alone and in a map. */
export const allContracts: readonly Contract[] = [
  ...new Set(areas.flatMap((area) => Object.values(area).flatMap(contractsOf))),
];

export const contractByKey: ReadonlyMap<string, Contract> = new Map(
  allContracts.map((contract) => [contractKey(contract), contract]),
);
