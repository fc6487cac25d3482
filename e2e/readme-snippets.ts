// The embed code README.md documents ("Embedding the widget"), as the e2e
// host pages paste it, so what is tested is what owners are told to use.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { baseUrl } from './widget-data';

/**
 * README.md's iframe block: the frame and the few lines that resize it, for
 * `slug`. With `iframe` (the frame as /widget shows it) that frame replaces
 * the README's example one, and the resize lines stay.
 */
export function documentedIframeSnippet(slug: string, iframe?: string): string {
  const readme = readFileSync(path.join(import.meta.dirname, '../README.md'), 'utf8');
  const section = readme.split(/^## /m).find((part) => part.startsWith('Embedding the widget'));
  const blocks = [...(section ?? '').matchAll(/```html\n([\s\S]*?)```/g)].map((m) => m[1] ?? '');
  const block = blocks.find((candidate) => candidate.includes('<iframe'));
  if (!block?.includes("addEventListener('message'"))
    throw new Error('README.md documents no iframe snippet with a message listener');
  const documented = block
    .replaceAll('https://your-vouchly-host', baseUrl())
    .replaceAll('your-collection-slug', slug);
  return iframe ? documented.replace(/<iframe[^>]*><\/iframe>/, iframe) : documented;
}
