// A tiny stand-in for `npm run build` output, so integration tests never
// depend on whether the client and widget were built.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export function fakeBuild(): { clientDir: string; widgetDir: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'vouchly-dist-'));
  const clientDir = path.join(root, 'client');
  const widgetDir = path.join(root, 'widget');
  mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  mkdirSync(widgetDir);
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(widgetDir, 'widget.js'), '(()=>{})()');
  return { clientDir, widgetDir };
}
