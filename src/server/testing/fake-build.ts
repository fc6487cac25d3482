// A tiny stand-in for `npm run build` output, so integration tests never
// depend on whether the client, the widget and the renderer were built. The
// fake renderer (render/server-entry.js) echoes what it was asked to render.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const page = (script: string) =>
  `<!doctype html><html><head><meta name="application-name" content="Vouchly" /><title>Vouchly</title></head>` +
  `<body><div id="root"></div><noscript>Needs JavaScript.</noscript><script type="module" src="${script}"></script></body></html>`;

const FAKE_RENDERER = `
export function renderLandingPage(data) {
  return '<title>Landing</title><h1>Landing page</h1><p>demo: ' + data.demoWidgetSlug + '</p>';
}
export function renderTermsPage() {
  return '<title>Terms</title><h1>Terms page</h1>';
}
export async function renderAppPage(url, data) {
  const { pathname, search } = new URL(url);
  const business = data.publicBusiness ? ' for ' + data.publicBusiness.business.name.replace(/</g, '&lt;') : '';
  return '<title>App ' + pathname + '</title><h1>Rendered ' + pathname + search + business + '</h1>';
}
`;

export function fakeBuild(): { clientDir: string; widgetDir: string; renderDir: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'vouchly-dist-'));
  const clientDir = path.join(root, 'client');
  const widgetDir = path.join(root, 'widget');
  const renderDir = path.join(root, 'render');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  mkdirSync(widgetDir);
  mkdirSync(renderDir);
  writeFileSync(path.join(clientDir, 'index.html'), page('/assets/app-abc123.js'));
  writeFileSync(path.join(clientDir, 'landing.html'), page('/assets/landing-abc123.js'));
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(widgetDir, 'widget.js'), '(()=>{})()');
  writeFileSync(path.join(widgetDir, 'embed-count.js'), '(()=>{})()');
  writeFileSync(path.join(renderDir, 'server-entry.js'), FAKE_RENDERER);
  return { clientDir, widgetDir, renderDir };
}
