// The public pages as HTML that reads before any script runs
// (docs/decisions/0017-server-rendered-public-pages.md). At start the server
// loads the client's renderer (dist/render/server-entry.js, built by
// `vite build --ssr`) and renders, once, with its own configuration (product
// name, demo widget): the landing page and /terms (landing.html, their own
// small bundle) and /auth (both tabs) and /forgot-password (index.html,
// hydrated by the single-page app). /submit/{slug} is rendered per request with the
// business and its form settings. Each page carries its page data
// (shared/page-data.ts), so the browser starts from what the server saw.
//
// They are for visitors without a session cookie: a signed-in owner (or one
// whose session ended) gets the app shell, which asks who is signed in.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageDataScript, type PageData } from '../../shared/page-data.js';
import type { PublicBusiness } from '../../shared/schemas/business.js';
import { escapeHtml } from '../../shared/widget-static-html.js';
import { compressBody, type CompressedBody } from './compressed-body.js';

/** dist/render/server-entry.js, as src/client/render/server-entry.tsx exports it. */
type Renderer = {
  renderLandingPage(data: PageData): string;
  renderTermsPage(): string;
  renderAppPage(url: string, data: PageData): Promise<string>;
};

declare global {
  // Read by src/client/lib/product.ts where there is no document: the server's PRODUCT_NAME.
  var __VOUCHLY_PRODUCT_NAME__: string | undefined;
}

export type PublicPagesOptions = {
  /** The built client: index.html, landing.html, assets/. */
  clientDir: string;
  /** The built renderer: server-entry.js. */
  renderDir: string;
  productName: string;
  demoWidgetSlug: string | undefined;
};

/** The app's pages rendered once at start, by path and query as a visitor asks for them. */
const PRERENDERED_APP_PAGES = [
  '/auth',
  '/auth?tab=login',
  '/auth?tab=register',
  '/forgot-password',
] as const;

/**
 * The page as HTML: `markup` inside #root, its leading <title> in place of
 * the template's, the product's name, the page data, and (for a page that
 * reads without script) no "needs JavaScript" notice.
 */
function assemblePage(
  template: string,
  page: { markup: string; data: PageData; productName: string },
): string {
  const titleMatch = /^<title>(.*?)<\/title>/s.exec(page.markup);
  const markup = titleMatch ? page.markup.slice(titleMatch[0].length) : page.markup;
  let html = template
    .replace(
      /<meta name="application-name" content="[^"]*"/,
      `<meta name="application-name" content="${escapeHtml(page.productName)}"`,
    )
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${markup}</div>${pageDataScript(page.data)}`,
    );
  if (titleMatch) html = html.replace(/<title>.*?<\/title>/s, () => titleMatch[0]);
  if (markup) html = html.replace(/<noscript>.*?<\/noscript>/s, '');
  return html;
}

/** The blocking script that sets the theme before first paint (src/client/public/theme-init.js). */
const THEME_SCRIPT_TAG = '<script src="/theme-init.js"></script>';
const STYLESHEET_TAG = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

const readIfThere = (file: string): string | undefined =>
  existsSync(file) ? readFileSync(file, 'utf8') : undefined;

/**
 * Makes templates for rendered pages from the built client's: their
 * stylesheets and the theme script inlined, as a page that reads before its
 * script should not wait for other requests to be drawn (the CSP allows
 * inline styles, and that one script by the hash this gives), and no module
 * preloads. Each file is read once. The app shell keeps all three: the
 * stylesheet is cached for a year, and it has nothing to show before its
 * script runs.
 */
function renderedPageTemplates(clientDir: string): {
  of: (template: string) => string;
  scriptHashes: string[];
} {
  const themeScript = readIfThere(path.join(clientDir, 'theme-init.js'));
  const stylesheets = new Map<string, string | undefined>();
  const stylesheet = (file: string) => {
    if (!stylesheets.has(file)) stylesheets.set(file, readIfThere(path.join(clientDir, file)));
    return stylesheets.get(file);
  };
  const of = (template: string) =>
    template
      .replace(THEME_SCRIPT_TAG, () =>
        themeScript === undefined ? THEME_SCRIPT_TAG : `<script>${themeScript}</script>`,
      )
      // Nor fetch every module of the app up front: on a slow line those compete
      // with the page itself (Lighthouse: LCP 2.8 s with them, 1.1 s without).
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
      .replace(STYLESHEET_TAG, (tag, file: string) => {
        const css = stylesheet(file);
        return css === undefined ? tag : `<style>${css}</style>`;
      });
  const scriptHashes =
    themeScript === undefined
      ? []
      : [`'sha256-${createHash('sha256').update(themeScript).digest('base64')}'`];
  return { of, scriptHashes };
}

export class PublicPages {
  private constructor(
    private readonly options: PublicPagesOptions,
    /** index.html with its styles inlined, for /submit/{slug}. */
    private readonly renderedTemplate: string,
    private readonly renderer: Renderer | undefined,
    private readonly rendered: Map<string, CompressedBody>,
    private readonly shells: { signedOut: CompressedBody; maybeSignedIn: CompressedBody },
    /** CSP sources for the inline scripts of the rendered pages (security-headers.ts). */
    readonly scriptHashes: string[],
  ) {}

  /** Undefined without a built client; without a built renderer, every page is the app shell. */
  static async load(options: PublicPagesOptions): Promise<PublicPages | undefined> {
    const indexFile = path.join(options.clientDir, 'index.html');
    if (!existsSync(indexFile)) return undefined;
    const appTemplate = readFileSync(indexFile, 'utf8');
    const templates = renderedPageTemplates(options.clientDir);
    const renderedTemplate = templates.of(appTemplate);
    const { productName, demoWidgetSlug } = options;
    // Compressed once, here: an answer is a lookup (plugins/compressed-body.ts).
    const page = (html: string) => compressBody(Buffer.from(html));
    const shell = (signedOut: boolean) =>
      page(
        assemblePage(appTemplate, { markup: '', data: { signedOut, demoWidgetSlug }, productName }),
      );
    const shells = { signedOut: shell(true), maybeSignedIn: shell(false) };

    const renderer = await loadRenderer(options);
    const rendered = new Map<string, CompressedBody>();
    const landingFile = path.join(options.clientDir, 'landing.html');
    if (renderer && existsSync(landingFile)) {
      const data: PageData = { signedOut: true, demoWidgetSlug };
      const markup = renderer.renderLandingPage(data);
      const landingTemplate = templates.of(readFileSync(landingFile, 'utf8'));
      rendered.set('/', page(assemblePage(landingTemplate, { markup, data, productName })));
      // Text and links only: the landing page's bundle, which hydrates just the theme toggle.
      const signedOut: PageData = { signedOut: true };
      const terms = renderer.renderTermsPage();
      rendered.set(
        '/terms',
        page(assemblePage(landingTemplate, { markup: terms, data: signedOut, productName })),
      );
      for (const url of PRERENDERED_APP_PAGES) {
        const html = await renderer.renderAppPage(`http://localhost${url}`, signedOut);
        rendered.set(
          url,
          page(assemblePage(renderedTemplate, { markup: html, data: signedOut, productName })),
        );
      }
    }
    return new PublicPages(
      options,
      renderedTemplate,
      renderer,
      rendered,
      shells,
      templates.scriptHashes,
    );
  }

  /** The app shell: rendered in the browser, which asks who is signed in unless there is no session. */
  shell(signedOut: boolean): CompressedBody {
    return signedOut ? this.shells.signedOut : this.shells.maybeSignedIn;
  }

  /** The page rendered at start for `url` (path and query), for a visitor without a session. */
  prerendered(url: string): CompressedBody | undefined {
    return this.rendered.get(url);
  }

  /** /submit/{slug} with the business's form, or undefined without a renderer. */
  async submitPage(
    slug: string,
    business: PublicBusiness,
    signedOut: boolean,
  ): Promise<Buffer | undefined> {
    if (!this.renderer) return undefined;
    const data: PageData = { signedOut, publicBusiness: { slug, business } };
    const markup = await this.renderer.renderAppPage(
      `http://localhost/submit/${encodeURIComponent(slug)}`,
      data,
    );
    return Buffer.from(
      assemblePage(this.renderedTemplate, { markup, data, productName: this.options.productName }),
    );
  }
}

async function loadRenderer(options: PublicPagesOptions): Promise<Renderer | undefined> {
  const entry = path.join(options.renderDir, 'server-entry.js');
  if (!existsSync(entry)) return undefined;
  globalThis.__VOUCHLY_PRODUCT_NAME__ = options.productName;
  return (await import(pathToFileURL(entry).href)) as Renderer;
}
