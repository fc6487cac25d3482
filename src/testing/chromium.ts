// The Chromium every browser check drives: Debian's, never a downloaded one
// (scripts/ensure-chromium.mjs installs it), with the flags it runs under in
// a container. Shared by playwright.config.ts (the e2e journeys) and the
// bench (bench/widget.ts, bench/main-thread.ts, bench/lighthouse.ts).

export const CHROMIUM = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
