// 100 customers submitting to one form at the same moment (issue 12;
// SECURITY.md §15: a 2xx means the row is committed), measured, never
// asserted. The real app with its real limits (bench/real-limits-server.ts,
// its own process; the per-form limit is 100 an hour), each submitter from
// its own address. After a clean shutdown the data directory is opened again
// and every id answered with 201 is looked for: "lost" counts the missing ones.
//   node --import tsx bench/submitters.ts    runs this bench alone
import http from 'node:http';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { testimonials } from '../src/server/db/schema';
import { percentile } from './bench-server';
import { roundMs, startRealLimitsServer } from './real-limits';

type Row = { name: string; value: number; unit: string };
type Answer = { status: number; id: string | null; ms: number };

const SUBMITTERS = 100;

function submit(baseUrl: string, slug: string, i: number): Promise<Answer> {
  const body = JSON.stringify({
    authorName: `Submitter ${i + 1}`,
    content: `Submitted at the same moment as 99 others (${i + 1}).`,
    rating: 5,
  });
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(`/api/submit/${slug}`, baseUrl),
      {
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('end', () => {
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          const status = response.statusCode ?? 0;
          const parsed =
            status === 201
              ? (JSON.parse(Buffer.concat(chunks).toString()) as { testimonial: { id: string } })
              : null;
          resolve({ status, id: parsed?.testimonial.id ?? null, ms });
        });
      },
    );
    request.once('error', reject);
    request.end(body);
  });
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
    { name: 'submitters: answer time median', value: roundMs(percentile(times, 50)), unit: 'ms' },
    { name: 'submitters: answer time slowest', value: roundMs(percentile(times, 100)), unit: 'ms' },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await measureSubmitters(mkdtempSync(path.join(os.tmpdir(), 'vouchly-bench-')));
  console.table(rows.map((row) => ({ measurement: row.name, value: row.value, unit: row.unit })));
  process.exit(0);
}
