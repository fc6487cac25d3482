// The collection link's QR code as a downloadable SVG or print-size PNG (docs/product/collection.md#qr-code),
// with the business's logo in the middle when it has one. With a logo the code uses error correction
// level H (up to 30% of it may be lost) and the logo, on a white square, covers QR_LOGO_SHARE of its
// width (4% of its area), well within that. The logo is always redrawn as a PNG by sharp first: nothing
// of an uploaded file (an SVG's scripts, links or metadata) reaches the code.
import QRCode from 'qrcode';
import sharp from 'sharp';
import { QR_LOGO_SHARE } from '../../../shared/constants.js';
import { looksLikeSvg, MAX_IMAGE_PIXELS, rasterizeSvg } from '../uploads/images.js';

/** White modules around the code, as the QR standard asks. */
const QUIET_ZONE_MODULES = 4;
/** The logo inside its white square. */
const LOGO_INSET = 0.84;
const WHITE = { r: 255, g: 255, b: 255, alpha: 1 };
/** The logo drawn in the SVG's middle: enough pixels for a print, small enough for the file. */
const SVG_LOGO_PX = 320;

const levelOf = (logo: Buffer | null) => (logo ? 'H' : 'M');

/**
 * The logo's white square in modules, counted from the code's edge (quiet zone included): a whole,
 * odd number of modules about QR_LOGO_SHARE of the side, so it is centred and cuts no module in half.
 */
function logoBox(sideModules: number): { at: number; size: number } {
  let size = Math.floor(sideModules * QR_LOGO_SHARE);
  if (size % 2 !== sideModules % 2) size -= 1;
  return { at: (sideModules - size) / 2, size };
}

/**
 * The logo redrawn as an opaque PNG square of `side` pixels (on white), or null when it cannot be
 * read. An SVG logo is drawn as a PNG the way uploads draw one first.
 */
async function logoSquare(logo: Buffer, side: number): Promise<Buffer | null> {
  try {
    const raster = looksLikeSvg(logo) ? await rasterizeSvg(logo) : logo;
    return await sharp(raster, { limitInputPixels: MAX_IMAGE_PIXELS })
      .resize(side, side, { fit: 'contain', background: WHITE })
      .flatten({ background: WHITE })
      .png()
      .toBuffer();
  } catch {
    return null;
  }
}

/** An SVG of `text`'s QR code; `logo` (any image sharp reads) redrawn as a PNG and embedded as a data URI in the middle. */
export async function qrCodeSvg(
  text: string,
  rawLogo: Buffer | null,
  sizePx: number,
): Promise<string> {
  const logo = rawLogo ? await logoSquare(rawLogo, SVG_LOGO_PX) : null;
  const svg = await QRCode.toString(text, {
    type: 'svg',
    margin: QUIET_ZONE_MODULES,
    errorCorrectionLevel: levelOf(logo),
    color: { dark: '#000000', light: '#ffffff' },
  });
  const side = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  const sized = svg.replace('<svg ', `<svg width="${sizePx}" height="${sizePx}" `);
  if (!logo || !side) return sized;
  const { at, size: box } = logoBox(side);
  const inner = box * LOGO_INSET;
  const innerAt = (side - inner) / 2;
  const image =
    `<rect x="${at}" y="${at}" width="${box}" height="${box}" fill="#ffffff"/>` +
    `<image x="${innerAt}" y="${innerAt}" width="${inner}" height="${inner}" ` +
    `preserveAspectRatio="xMidYMid meet" href="data:image/png;base64,${logo.toString('base64')}"/>`;
  return sized.replace('</svg>', `${image}</svg>`);
}

/** A `sizePx` square PNG of `text`'s QR code; `logo` (any image sharp reads) composited in the middle. */
export async function qrCodePng(
  text: string,
  logo: Buffer | null,
  sizePx: number,
): Promise<Buffer> {
  const errorCorrectionLevel = levelOf(logo);
  const code = await QRCode.toBuffer(text, {
    type: 'png',
    width: sizePx,
    margin: QUIET_ZONE_MODULES,
    errorCorrectionLevel,
  });
  const image = sharp(code).resize(sizePx, sizePx, { kernel: 'nearest' });
  if (!logo) return image.png().toBuffer();
  const sideModules =
    QRCode.create(text, { errorCorrectionLevel }).modules.size + 2 * QUIET_ZONE_MODULES;
  const modulePx = sizePx / sideModules;
  const placed = logoBox(sideModules);
  const at = Math.round(placed.at * modulePx);
  const box = Math.round((placed.at + placed.size) * modulePx) - at;
  const inner = Math.round(box * LOGO_INSET);
  const drawn = await logoSquare(logo, inner);
  if (!drawn) return image.png().toBuffer();
  const square = await sharp({
    create: { width: box, height: box, channels: 4, background: WHITE },
  })
    .composite([{ input: drawn, gravity: 'center' }])
    .png()
    .toBuffer();
  return image
    .composite([{ input: square, left: at, top: at }])
    .png()
    .toBuffer();
}
