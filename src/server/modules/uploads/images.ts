// What an uploaded file must be (docs/security.md rule 9): at most 5 MB, an image by
// its magic bytes, raster images re-encoded by sharp (auto-rotated, every bit
// of metadata such as EXIF and GPS dropped, pixel bombs refused), SVG only as
// a logo: an owner's own file kept as it is (served sandboxed, see routes.ts),
// one fetched from elsewhere drawn as a PNG, so none of its markup is kept.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '../../../shared/constants.js';
import { NOT_AN_IMAGE_CODE, type UploadPurpose } from '../../../shared/schemas/uploads.js';
import { AppError, badRequest } from '../../errors.js';

/** 40 megapixels: any real photo, not a decompression bomb. */
export const MAX_IMAGE_PIXELS = 40_000_000;

/** The longer side of an SVG logo drawn as PNG: sharp wherever a logo shows. */
const SVG_RASTER_SIZE = 512;

export const imageExtensions = ['jpg', 'png', 'webp', 'gif', 'avif', 'svg'] as const;
export type ImageExtension = (typeof imageExtensions)[number];

export const contentTypes: Record<ImageExtension, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

type RasterFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'avif';
const rasterByMime: Record<string, { format: RasterFormat; ext: ImageExtension }> = {
  'image/jpeg': { format: 'jpeg', ext: 'jpg' },
  'image/png': { format: 'png', ext: 'png' },
  'image/webp': { format: 'webp', ext: 'webp' },
  'image/gif': { format: 'gif', ext: 'gif' },
  'image/avif': { format: 'avif', ext: 'avif' },
};

const imageMessages = {
  empty: 'The file is empty',
  tooLarge: 'Images must be 5 MB or smaller',
  tooManyPixels: 'The image is too large (at most 40 megapixels)',
  notAnImage: 'This file is not an image. Please choose a JPEG, PNG, WebP, GIF or AVIF photo.',
  notALogo: 'Only images can be uploaded (JPEG, PNG, WebP, GIF, AVIF or SVG)',
  svgNotAllowed: 'SVG images can only be used as a logo',
  unreadable: 'The image could not be read',
} as const;

export const payloadTooLarge = (message: string = imageMessages.tooLarge) =>
  new AppError(413, 'PAYLOAD_TOO_LARGE', message);
const unsupported = (message: string) => new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', message);

export type CheckedImage = { data: Buffer; ext: ImageExtension; contentType: string };

/**
 * True for a UTF-8 text whose root element is <svg>: an optional XML
 * declaration, comments and a DOCTYPE without an internal subset (no entity tricks).
 */
export function looksLikeSvg(data: Buffer): boolean {
  const text = data.toString('utf8');
  if (text.includes('\uFFFD') || text.includes('\0')) return false;
  const prologue =
    /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE\s+svg[^[>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;
  return prologue.test(text) && /<\/svg\s*>\s*(<!--[\s\S]*?-->\s*)*$/i.test(text);
}

function decodeFailure(error: unknown): AppError {
  return error instanceof Error && /pixel limit/i.test(error.message)
    ? payloadTooLarge(imageMessages.tooManyPixels)
    : unsupported(imageMessages.unreadable);
}

async function reencode(data: Buffer, format: RasterFormat): Promise<Buffer> {
  const options = {
    limitInputPixels: MAX_IMAGE_PIXELS,
    animated: format === 'gif' || format === 'webp',
  };
  let metadata: { width?: number; height?: number };
  try {
    metadata = await sharp(data, options).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (pixels > MAX_IMAGE_PIXELS) throw payloadTooLarge(imageMessages.tooManyPixels);

  // rotate() applies the EXIF orientation; without withMetadata() the output carries no metadata at all.
  const pipeline = sharp(data, options).rotate();
  try {
    switch (format) {
      case 'jpeg':
        return await pipeline.jpeg({ quality: 88 }).toBuffer();
      case 'png':
        return await pipeline.png().toBuffer();
      case 'webp':
        return await pipeline.webp({ quality: 88 }).toBuffer();
      case 'gif':
        return await pipeline.gif().toBuffer();
      case 'avif':
        return await pipeline.avif({ quality: 60 }).toBuffer();
    }
  } catch (error) {
    throw decodeFailure(error);
  }
}

/**
 * An SVG drawn as a PNG whose longer side is SVG_RASTER_SIZE pixels. Only an
 * SVG `looksLikeSvg` accepted gets here (no DOCTYPE subset, so no entities);
 * librsvg, given bytes without a base address, loads nothing they refer to.
 */
export async function rasterizeSvg(data: Buffer): Promise<Buffer> {
  try {
    // An SVG without a size of its own may have none, whatever sharp's types say.
    const { width, height } = (await sharp(data, {
      limitInputPixels: MAX_IMAGE_PIXELS,
    }).metadata()) as { width?: number; height?: number };
    // Its own size is at 72 dpi: draw it at the density that makes its longer side the size wanted.
    const longer = Math.max(width ?? 0, height ?? 0, 1);
    const density = Math.min(Math.max((72 * SVG_RASTER_SIZE) / longer, 1), 100_000);
    return await sharp(data, { density, limitInputPixels: MAX_IMAGE_PIXELS })
      .resize({ width: SVG_RASTER_SIZE, height: SVG_RASTER_SIZE, fit: 'inside' })
      .png()
      .toBuffer();
  } catch (error) {
    throw decodeFailure(error);
  }
}

export type CheckOptions = {
  /** An SVG logo: kept as it is (an owner's upload) or drawn as a PNG (fetched from elsewhere). */
  svg?: 'keep' | 'rasterize';
};

/** Checks an uploaded file for `purpose` and gives back what may be stored, or throws 400/413/415. */
export async function checkImage(
  data: Buffer,
  purpose: UploadPurpose,
  { svg = 'keep' }: CheckOptions = {},
): Promise<CheckedImage> {
  if (data.length === 0) throw badRequest(imageMessages.empty);
  if (data.length > MAX_IMAGE_BYTES) throw payloadTooLarge();

  const detected = await fileTypeFromBuffer(data);
  const raster = detected ? rasterByMime[detected.mime] : undefined;
  if (raster) {
    return {
      data: await reencode(data, raster.format),
      ext: raster.ext,
      contentType: contentTypes[raster.ext],
    };
  }
  // file-type knows SVG only as generic XML, or not at all.
  if ((detected === undefined || detected.ext === 'xml') && looksLikeSvg(data)) {
    if (purpose !== 'logo') throw unsupported(imageMessages.svgNotAllowed);
    if (svg === 'rasterize') {
      return { data: await rasterizeSvg(data), ext: 'png', contentType: contentTypes.png };
    }
    return { data, ext: 'svg', contentType: contentTypes.svg };
  }
  throw new AppError(
    415,
    NOT_AN_IMAGE_CODE,
    purpose === 'logo' ? imageMessages.notALogo : imageMessages.notAnImage,
  );
}
