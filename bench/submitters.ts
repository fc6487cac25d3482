// 100 customers submitting to one form at the same moment (issue 12;
// docs/security.md rule 15: a 2xx means the row is committed), measured, never
// asserted. The real app with its real limits (bench/real-limits-server.ts,
// its own process; past 30 submissions in 10 minutes the form asks for a
// browser check, which each submitter then does, as its browser would:
// docs/decisions/0022), each submitter from its own address. After a clean shutdown the data directory is opened again
// and every id answered with 201 is looked for: "lost" counts the missing ones.
//   node --import tsx bench/submitters.ts    runs this bench alone
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { testimonials } from '../src/server/db/schema';
import { submissionChallengeResultSchema } from '../src/shared/schemas/submission';
import { percentile } from './bench-server';
import { roundMs, startRealLimitsServer } from './real-limits';

type Row = { name: string; value: number; unit: string };
type Answer = { status: number; id: string | null; ms: number; checked: boolean };

const SUBMITTERS = 100;

function request(
  baseUrl: string,
  method: 'GET' | 'POST',
  pathname: string,
  address: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; ms: number }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      new URL(pathname, baseUrl),
      {
        method,
        agent: false,
        headers: {
          'x-forwarded-for': address,
          ...(payload === undefined
            ? {}
            : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const text = Buffer.concat(chunks).toString();
          resolve({
            status: response.statusCode ?? 0,
            json: text ? (JSON.parse(text) as unknown) : null,
            ms,
          });
        });
      },
    );
    outgoing.once('error', reject);
    outgoing.end(payload);
  });
}

/**
 * One customer: sends the testimonial and, if the form is under a burst and
 * asks for the browser check, does the check's work as the browser would and
 * sends it again. The time is that of the answered send.
 */
async function submit(baseUrl: string, slug: string, i: number): Promise<Answer> {
  const address = `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`;
  const body = {
    authorName: `Submitter ${i + 1}`,
    content: `Submitted at the same moment as 99 others (${i + 1}).`,
    rating: 5,
  };
  let sent = await request(baseUrl, 'POST', `/api/submit/${slug}`, address, body);
  const checked = sent.status === 403;
  if (checked) {
    const asked = await request(baseUrl, 'GET', `/api/submit/${slug}/challenge`, address);
    const { challenge } = submissionChallengeResultSchema.parse(asked.json);
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('the browser check was not solved');
    const proof = {
      challenge,
      solution: { counter: solution.counter, derivedKey: solution.derivedKey },
    };
    sent = await request(baseUrl, 'POST', `/api/submit/${slug}`, address, { ...body, proof });
  }
  const id =
    sent.status === 201 ? (sent.json as { testimonial: { id: string } }).testimonial.id : null;
  return { status: sent.status, id, ms: sent.ms, checked };
}

export async function measureSubmitters(scratch: string): Promise<Row[]> {
  const dataDir = path.join(scratch, 'submitters');
  const server = await startRealLimitsServer(dataDir);
  let answers: Answer[];
  try {
    answers = await Promise.all(
      Array.from({ length: SUBMITTERS }, (_, i) => submit(server.url, server.slug, i)),
    );
  } finally {
    await server.stop();
  }
  const acknowledged = answers.flatMap((answer) => (answer.id ? [answer.id] : []));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  let stored: number;
  try {
    stored =
      acknowledged.length === 0
        ? 0
        : (
            await database.db
              .select({ id: testimonials.id })
              .from(testimonials)
              .where(inArray(testimonials.id, acknowledged))
          ).length;
  } finally {
    await database.close();
  }
  const times = answers.map((answer) => answer.ms);
  return [
    {
      name: `submitters: ${SUBMITTERS} at once on one form, answered 201`,
      value: acknowledged.length,
      unit: 'count',
    },
    {
      name: 'submitters: answered 201 but missing after a clean restart (lost)',
      value: acknowledged.length - stored,
      unit: 'count',
    },
    {
      name: 'submitters: asked for the browser check first (the form under a burst)',
      value: answers.filter((answer) => answer.checked).length,
      unit: 'count',
    },
    { name: 'submitters: answer time median', value: roundMs(percentile(times, 50)), unit: 'ms' },
    { name: 'submitters: answer time slowest', value: roundMs(percentile(times, 100)), unit: 'ms' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measureSubmitters(mkdtempSync(path.join(os.tmpdir(), 'vouchly-bench-')));
  console.table(rows.map((row) => ({ measurement: row.name, value: row.value, unit: row.unit })));
  process.exit(0);
}
