// The app's pages and the built client's files: HTML for people, in the
// public scope (cookie-free; whether the request carries a session cookie at
// all picks the page). One contract per page of shared/app-pages.ts, made
// from that list, so a page added there gets its contract here (the typecheck
// asks for its summary below);
// plugins/client-app.ts registers their routes from them. The test checkout's
// pages need a session: billing.ts declares them.
import { z } from 'zod';
import { appPages } from '../app-pages.js';
import { businessSlugParamsSchema } from '../schemas/business.js';
import {
  bytesBody,
  defineContract,
  htmlBody,
  pathParamNames,
  wildcardParams,
  type Contract,
  type DocumentedResponse,
} from '../contract.js';

/** The pages declared here: every page but the test checkout's. */
export type PageName = Exclude<keyof typeof appPages, 'testCheckout'>;

/** A page's contract: the page is bytes or a stream, never serialized; `document` says it is HTML. */
export type PageContract<Path extends string = string> = Contract & {
  readonly method: 'GET';
  readonly path: Path;
  readonly access: 'public';
  readonly section: 'pages';
  readonly response: { readonly 200: z.ZodString };
};

const APP_PAGE =
  "The app's page: the app, whose router shows it in the browser (its data come from the API).";
const RENDERED_PAGE =
  'The page, rendered by the server for a visitor without a session cookie; otherwise the app.';

/** What each page is (docs/product/README.md#screens-and-routes), and what the server answers when it is not just the app. */
const pageDetails: {
  readonly [Name in PageName]: {
    readonly summary: string;
    /** Default: the app (APP_PAGE). */
    readonly answers?: Readonly<Record<number, DocumentedResponse>>;
    /** What the document says of the path's parameters (the API's rule for them). */
    readonly params?: z.ZodType;
  };
} = {
  home: {
    summary: 'The landing page, or the dashboard for a signed-in owner.',
    answers: { 200: htmlBody('The landing page, or the app for someone who may be signed in.') },
  },
  submit: {
    summary: "A business's testimonial form.",
    params: businessSlugParamsSchema,
    answers: {
      200: htmlBody("The business's testimonial form, rendered by the server."),
      404: htmlBody('No business with this slug: the app, which says so.'),
    },
  },
  terms: {
    summary: 'The terms of service and privacy policy.',
    answers: { 200: htmlBody(RENDERED_PAGE) },
  },
  auth: { summary: 'Login and sign-up.', answers: { 200: htmlBody(RENDERED_PAGE) } },
  forgotPassword: {
    summary: 'Asks for a password reset link.',
    answers: { 200: htmlBody(RENDERED_PAGE) },
  },
  resetPassword: { summary: 'Chooses a new password, with the emailed link.' },
  wixAuth: { summary: 'Links the Wix site after a Wix connect login.' },
  setup: { summary: 'Business set-up, for an owner without a business.' },
  accountSettings: { summary: "The owner's business name, website, logo, email and password." },
  billing: { summary: 'Subscription and invoices.' },
  access: { summary: 'The upgrade screen, with the access-code box.' },
  subscribe: { summary: 'The subscribe panel on its own page.' },
  subscribeSuccess: { summary: 'Back from the checkout.' },
  testimonials: { summary: 'Moderation of the testimonials.' },
  importTestimonials: {
    summary: 'Imports testimonials from a CSV or JSON file of another service or a spreadsheet.',
  },
  collectionLink: { summary: 'The collection link, its QR code and the form settings.' },
  widget: { summary: 'The widget settings and embed codes.' },
  integrations: { summary: 'The API key and the linked Wix sites.' },
  requests: { summary: 'Requests to customers: who was asked, asking more, and the message.' },
  analytics: {
    summary:
      "What visitors saw and did: the widget's views, the collection funnel and the tables, by range.",
  },
};

/**
 * A page's parameters are any text: its handler answers the app's not-found
 * page (404) for one it does not know, never a JSON 400.
 */
function anyText(names: string[]): z.ZodType | undefined {
  return names.length === 0
    ? undefined
    : z.object(Object.fromEntries(names.map((name) => [name, z.string()])));
}

function pageContract(name: PageName): PageContract {
  const path = appPages[name];
  const { summary, answers = { 200: htmlBody(APP_PAGE) }, params } = pageDetails[name];
  const validated = anyText(pathParamNames(path));
  return defineContract({
    method: 'GET',
    path,
    access: 'public',
    section: 'pages',
    summary,
    ...(validated ? { params: validated } : {}),
    response: { 200: z.string() },
    document: { ...(params ? { params } : {}), response: answers },
  });
}

const pageNames = (Object.keys(appPages) as Array<keyof typeof appPages>).filter(
  (name): name is PageName => name !== 'testCheckout',
);

/** Every page's contract, by its name in shared/app-pages.ts. */
export const appPageContracts = Object.fromEntries(
  pageNames.map((name) => [name, pageContract(name)]),
) as { readonly [Name in PageName]: PageContract<(typeof appPages)[Name]> };

export const getClientFile = defineContract({
  method: 'GET',
  path: '/*',
  access: 'public',
  section: 'pages',
  summary: "A file of the built app (scripts, styles, images), or the app's page.",
  // Registered by @fastify/static (plugins/client-app.ts): for the document only.
  response: { 200: z.custom<Buffer>() },
  document: {
    params: wildcardParams,
    response: {
      200: bytesBody(
        '*/*',
        "A file of the built app (scripts, styles, images), or the app's page.",
      ),
    },
  },
});
