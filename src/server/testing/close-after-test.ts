// What a test helper opened (a server, a process, a socket) and must close when the test ends. The helpers register
// here instead of each with a module-level afterEach: the integration project shares one module graph per worker
// (isolate: false), so such a hook is registered only for the first file that imports the module, and every later
// file would leak what it opened. setup-close-after-test.ts, which runs for every file, empties this list after each
// test, last opened first, so that an app closes before the server it talks to.
const closers: (() => unknown)[] = [];

export function closeAfterTest(close: () => unknown): void {
  closers.push(close);
}

export async function closeEverythingOpened(): Promise<void> {
  for (const close of closers.splice(0).reverse()) await close();
}
