// The downloadable QR codes (docs/product/collection.md#qr-code): GET /api/collection/qr.svg and
// /api/collection/qr.png decode to the collection link with ?src=qr, with and without a logo.
import jsQR from 'jsqr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createSignedInUser,
  makePng,
  uploadImage,
  withSession,
  type CreatedUser,
} from '../../testing/factories.js';
import { createTestApp } from '../../testing/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** What a phone's scanner reads from an image (any format sharp reads, an SVG rasterised). */
async function scan(image: Buffer, density?: number): Promise<string | undefined> {
  const { data, info } = await sharp(image, density ? { density } : {})
    .flatten({ background: '#ffffff' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

async function ownerWithLogo(app: App): Promise<CreatedUser & { cookie: string }> {
  const owner = await createSignedInUser(app);
  // A logo in a colour a scanner could take for dark modules: the white square keeps it apart.
  const logo = await uploadImage(
    app,
    { purpose: 'logo', cookie: owner.cookie },
    await makePng(400, 200),
  );
  const response = await app.inject({
    method: 'PUT',
    url: '/api/business/logo',
    ...withSession(owner.cookie),
    payload: { logoURL: logo.objectPath },
  });
  expect(response.statusCode, response.body).toBe(200);
  return owner;
}

const download = (app: App, cookie: string, url: string) =>
  app.inject({ method: 'GET', url, ...withSession(cookie, { host: 'attacker.example' }) });

describe.each([
  { logo: false, label: 'without a logo' },
  { logo: true, label: 'with the logo in the middle' },
])('the QR code downloads $label', ({ logo }) => {
  it('the PNG is 1200 px, an attachment, and scans to the collection link with ?src=qr', async () => {
    const app = await createTestApp();
    const owner = logo ? await ownerWithLogo(app) : await createSignedInUser(app);
    const slug = owner.business!.collectionSlug;
    const response = await download(app, owner.cookie, '/api/collection/qr.png');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="testimonial-qr-code-${slug}.png"`,
    );
    const meta = await sharp(response.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1200]);
    expect(await scan(response.rawPayload)).toBe(`${app.config.baseUrl}/submit/${slug}?src=qr`);
    // The middle pixel: the logo's blue, or a module (black or white) without one.
    const middle = await sharp(response.rawPayload)
      .extract({ left: 600, top: 600, width: 1, height: 1 })
      .raw()
      .toBuffer();
    expect([...middle.subarray(0, 3)].join() === '37,99,235').toBe(logo);
  });

  it('the SVG is an attachment and scans to the same link once rasterised', async () => {
    const app = await createTestApp();
    const owner = logo ? await ownerWithLogo(app) : await createSignedInUser(app);
    const slug = owner.business!.collectionSlug;
    const response = await download(app, owner.cookie, '/api/collection/qr.svg');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="testimonial-qr-code-${slug}.svg"`,
    );
    // The logo travels as a PNG data URI, never as the uploaded file.
    expect(response.body.includes('href="data:image/png;base64,')).toBe(logo);
    expect(response.body).not.toContain('<script');
    expect(await scan(Buffer.from(response.body))).toBe(
      `${app.config.baseUrl}/submit/${slug}?src=qr`,
    );
  });
});

describe('GET /api/collection/qr.png?size=', () => {
  it('makes the size asked for, within bounds', async () => {
    const app = await createTestApp();
    const owner = await createSignedInUser(app);
    const response = await download(app, owner.cookie, '/api/collection/qr.png?size=2000');
    expect(response.statusCode).toBe(200);
    expect((await sharp(response.rawPayload).metadata()).width).toBe(2000);
    for (const size of ['10', '99999', 'big']) {
      const refused = await download(app, owner.cookie, `/api/collection/qr.png?size=${size}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toContain(
        'Size must be a whole number from 300 to 4000',
      );
    }
  });

  it('is for signed-in owners with a business', async () => {
    const app = await createTestApp();
    for (const url of ['/api/collection/qr.png', '/api/collection/qr.svg']) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const { cookie } = await createSignedInUser(app, { businessName: null });
      expect((await download(app, cookie, url)).statusCode).toBe(404);
    }
  });
});
