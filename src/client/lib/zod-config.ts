// Zod compiles fast parsers with `new Function` when it may, testing that
// once when the first object schema is made; our CSP forbids eval
// (script-src 'self'), so the browser would report a violation. Zod reads its
// settings from globalThis.__zod_globalConfig (zod/v4/core), so this sets
// `jitless` there without importing zod: main.tsx imports it first and
// vite.config.ts gives it a chunk of its own, so it runs before any schema
// is made, whatever chunk zod lands in.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
