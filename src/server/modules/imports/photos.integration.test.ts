// The photo URLs of imported rows (docs/product/imports.md#photos): fetched on the job queue after the import has
// answered, with the SSRF guards of the logo fetch, re-encoded without metadata, stored as the business's upload and
// set as the author's photo; what cannot be had is listed on the import run with its reason.
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImportReport, ImportRun } from '../../../shared/schemas/imports.js';
import { testimonials, uploads, type BusinessRow } from '../../db/schema.js';
import { createSignedInUser, ELF_BINARY, makeJpeg, withSession } from '../../testing/factories.js';
import { startHttpServer } from '../../testing/http-server.js';
import { createTestApp } from '../../testing/test-app.js';
import type { Config } from '../../config.js';

async function setup(config: Partial<Config> = {}) {
  const app = await createTestApp(config);
  const owner = await createSignedInUser(app);
  const business = owner.business as BusinessRow;
  const importCsv = async (csv: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/imports?status=approved',
      payload: csv,
      ...withSession(owner.cookie, { 'content-type': 'text/csv' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ImportReport>();
  };
  const runs = async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/imports',
      ...withSession(owner.cookie),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ runs: ImportRun[] }>().runs;
  };
  const photoOf = async (authorName: string) => {
    const [row] = await app.database.db
      .select({ url: testimonials.authorImageUrl })
      .from(testimonials)
      .where(eq(testimonials.authorName, authorName));
    return row?.url ?? null;
  };
  return { app, business, importCsv, runs, photoOf };
}

const csvOf = (rows: [name: string, photo: string][]) =>
  'name,text,photo\n' +
  rows
    .map(([name, photo]) => `${name},Kind words from ${name} about the shop.,${photo}`)
    .join('\n');

describe('photos of imported testimonials', () => {
  it('are fetched after the answer, stripped of their metadata, stored and set', async () => {
    const { app, importCsv, runs, photoOf } = await setup({ allowPrivateNetworkFetch: true });
    const photo = await makeJpeg({ width: 120, height: 120, gps: true });
    const site = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    });
    const report = await importCsv(csvOf([['Ana', `${site.origin}/ana.jpg`]]));
    expect(report).toMatchObject({ imported: 1, photosQueued: 1 });
    // The answer did not wait for the photo.
    expect(site.requests).toHaveLength(0);
    expect(await photoOf('Ana')).toBeNull();
    expect((await runs())[0]?.photos).toEqual({ queued: 1, done: 0, failures: [] });

    await app.jobs.drain();
    const stored = await photoOf('Ana');
    expect(stored).toMatch(/^\/objects\/uploads\/.+\.jpg$/);
    const served = await app.inject({ method: 'GET', url: stored ?? '' });
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const [upload] = await app.database.db.select().from(uploads);
    expect(upload).toMatchObject({ purpose: 'author-image', objectPath: stored });
    expect(upload?.claimedAt).not.toBeNull();
    expect((await runs())[0]?.photos).toEqual({ queued: 1, done: 1, failures: [] });
  });

  it('are never fetched from a private address, and each refusal is reported with its reason', async () => {
    const { app, importCsv, runs, photoOf } = await setup();
    const site = await startHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' }).end('not reached');
    });
    const refused = [
      ['Loopback', 'http://127.0.0.1/a.jpg', 'The address is on a private network'],
      [
        'Metadata',
        'http://169.254.169.254/latest/meta-data/',
        'The address is on a private network',
      ],
      ['Hex', 'http://0x7f000001/a.jpg', 'The address is on a private network'],
      ['Port', `${site.origin}/a.jpg`, 'The address uses a port other than 80 or 443'],
    ] as const;
    await importCsv(csvOf(refused.map(([name, url]) => [name, url])));
    await app.jobs.drain();
    expect(site.connections()).toBe(0);
    expect(await photoOf('Loopback')).toBeNull();
    const [run] = await runs();
    expect(run?.photos.done).toBe(4);
    expect(run?.photos.failures).toEqual(
      expect.arrayContaining(
        refused.map(([authorName, url, reason]) => ({ authorName, url, reason })),
      ),
    );
    expect(run?.photos.failures).toHaveLength(4);
  });

  it('report a missing file and a file that is not an image, and keep the testimonial', async () => {
    const { app, importCsv, runs, photoOf } = await setup({ allowPrivateNetworkFetch: true });
    const site = await startHttpServer((request, response) => {
      if (request.url === '/tool')
        response.writeHead(200, { 'content-type': 'image/jpeg' }).end(ELF_BINARY);
      else response.writeHead(404).end();
    });
    await importCsv(
      csvOf([
        ['Gone', `${site.origin}/gone.jpg`],
        ['Tool', `${site.origin}/tool`],
      ]),
    );
    await app.jobs.drain();
    expect(await photoOf('Gone')).toBeNull();
    expect(await photoOf('Tool')).toBeNull();
    const failures = (await runs())[0]?.photos.failures ?? [];
    expect(failures.find((failure) => failure.authorName === 'Gone')?.reason).toBe(
      'The address answered 404',
    );
    expect(failures.find((failure) => failure.authorName === 'Tool')?.reason).toMatch(/image/i);
    // A refused file is not kept: its upload row holds nothing and is never claimed (the sweep removes it).
    const rows = await app.database.db.select().from(uploads);
    expect(rows.filter((row) => row.claimedAt !== null)).toEqual([]);
  });
});
