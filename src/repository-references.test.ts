// The repository explains itself (docs/style.md, "Comments, READMEs,
// references"): a comment or document cites only our own documents, and every
// docs path or Markdown link it gives leads somewhere. Scans the tracked text
// files (git ls-files) of src, e2e, scripts, bench, docs, .ci and the root,
// and names file:line for each problem.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const self = path
  .relative(root, import.meta.filename)
  .split(path.sep)
  .join('/');

const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|json|md|css|html)$/;
const SCANNED_FOLDERS = ['src/', 'e2e/', 'scripts/', 'bench/', 'docs/', '.ci/'];

/** Tracked text files of the scanned folders and the root, this file excepted. */
function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file && file !== self && file !== 'package-lock.json')
    .filter(
      (file) => SCANNED_FOLDERS.some((folder) => file.startsWith(folder)) || !file.includes('/'),
    )
    .filter((file) => TEXT_FILE.test(file) || file === '.ci/run')
    .filter((file) => existsSync(path.join(root, file)));
}

type Problem = string;

/** Documents that live outside the repository, by the names they were cited with. */
const OUTSIDE_DOCUMENTS: Array<[RegExp, string]> = [
  [/\bSPEC\b/, 'cites the outside SPEC: point to docs/product/ instead'],
  [/SECURITY\.md/, 'cites the outside SECURITY.md: point to docs/security.md (rule N) instead'],
  [/STYLE\.md/, 'cites the outside STYLE.md: point to docs/style.md instead'],
  [/STACK-NOTES/, 'cites the outside STACK-NOTES: write the note in docs/ instead'],
];

/** `../shared`-style paths in a file that resolve outside the repository. */
function outsideSharedPaths(file: string, line: string): string[] {
  const found: string[] = [];
  for (const match of line.matchAll(/(?:\.\.\/)+shared\b[\w./-]*/g)) {
    const resolved = path.resolve(root, path.dirname(file), match[0]);
    if (!`${resolved}${path.sep}`.startsWith(`${root}${path.sep}`)) found.push(match[0]);
  }
  return found;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const base = (heading[1] ?? '')
      .replace(/<[^>]*>/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count ? `${base}-${count}` : base);
  }
  return anchors;
}

/** The numbers of the rules in docs/security.md (`N. **…**` at the start of a line). */
function securityRuleNumbers(): Set<number> {
  const text = readFileSync(path.join(root, 'docs/security.md'), 'utf8');
  return new Set([...text.matchAll(/^(\d+)\. /gm)].map((match) => Number(match[1])));
}

const anchorCache = new Map<string, Set<string>>();
function anchorsOf(absolute: string): Set<string> {
  let anchors = anchorCache.get(absolute);
  if (!anchors) {
    anchors = headingAnchors(readFileSync(absolute, 'utf8'));
    anchorCache.set(absolute, anchors);
  }
  return anchors;
}

/** What is wrong with a link to `target` (a path, maybe with #anchor) resolved from `fromDir`, or null. */
function brokenTarget(fromDir: string, target: string): string | null {
  const [pathPart, anchor] = target.split('#', 2) as [string, string | undefined];
  let absolute = pathPart ? path.resolve(fromDir, decodeURIComponent(pathPart)) : null;
  if (absolute && !existsSync(absolute)) {
    // `docs/decisions/0013` names record 0013 by its number.
    const numbered = /^(\d{4})$/.exec(path.basename(absolute));
    const folder = path.dirname(absolute);
    const records =
      numbered && existsSync(folder)
        ? readdirSync(folder).filter((name) => name.startsWith(`${numbered[1]}-`))
        : [];
    const [record] = records;
    if (records.length !== 1 || record === undefined) return 'does not exist';
    absolute = path.join(folder, record);
  }
  if (!anchor) return null;
  const document = absolute ?? null;
  if (document === null || !document.endsWith('.md') || statSync(document).isDirectory())
    return null;
  return anchorsOf(document).has(anchor.toLowerCase()) ? null : `has no heading #${anchor}`;
}

const files = trackedFiles();
const texts = new Map(files.map((file) => [file, readFileSync(path.join(root, file), 'utf8')]));

/** Runs `check` on every line of every scanned file, outside fenced code blocks of Markdown files when asked. */
function eachLine(
  check: (file: string, line: string) => string[],
  markdownProse = false,
): Problem[] {
  const problems: Problem[] = [];
  for (const [file, text] of texts) {
    if (markdownProse && !file.endsWith('.md')) continue;
    let fenced = false;
    text.split('\n').forEach((line, index) => {
      if (markdownProse && /^\s*```/.test(line)) fenced = !fenced;
      if (fenced) return;
      for (const message of check(file, line)) problems.push(`${file}:${index + 1}: ${message}`);
    });
  }
  return problems;
}

describe('references in the repository', () => {
  it('scans the tracked files', () => {
    expect(files).toContain('README.md');
    expect(files.some((file) => file.startsWith('src/'))).toBe(true);
  });

  it('cite no document outside the repository', () => {
    const problems = eachLine((file, line) => [
      ...OUTSIDE_DOCUMENTS.filter(([pattern]) => pattern.test(line)).map(([, message]) => message),
      ...outsideSharedPaths(file, line).map((found) => `${found} lies outside the repository`),
    ]);
    expect(problems).toEqual([]);
  });

  it('give docs/ paths that exist, with their headings and security rules', () => {
    const rules = securityRuleNumbers();
    const problems = eachLine((_file, line) => {
      const found: string[] = [];
      for (const match of line.matchAll(/(?<![\w/.-])docs\/[\w./#-]*[\w/]/g)) {
        const problem = brokenTarget(root, match[0]);
        if (problem) found.push(`${match[0]} ${problem}`);
      }
      for (const match of line.matchAll(/docs\/security\.md,? rules? ([\d, and-]+\d)/g)) {
        const numbers = (match[1] ?? '').split(/,|and|-/).map((part) => Number(part.trim()));
        for (const number of numbers) {
          if (!rules.has(number)) found.push(`docs/security.md has no rule ${number}`);
        }
      }
      return found;
    });
    expect(problems).toEqual([]);
  });

  it('give Markdown links that lead somewhere', () => {
    const problems = eachLine((file, line) => {
      const found: string[] = [];
      for (const match of line.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1];
        if (target === undefined) continue;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.includes('{')) continue;
        const problem = target.startsWith('#')
          ? brokenTarget(root, `${file}${target}`)
          : brokenTarget(path.join(root, path.dirname(file)), target);
        if (problem) found.push(`link ${target} ${problem}`);
      }
      return found;
    }, true);
    expect(problems).toEqual([]);
  });
});
