/**
 * Company logos: the declared content type is only a hint; the bytes decide. Raster images only
 * (PNG, JPEG, GIF, WebP) — SVG is refused because it can carry scripts and is served from our origin.
 */
import { LOGO_MAX_BYTES, LOGO_MSG, type LogoType } from '@assessly/shared';
import { AppError } from '../../lib/errors';

export interface LogoUpload {
  data: Buffer;
  declaredType: string;
}

/** The image type the bytes really are, from their magic numbers; null when they are not one we accept. */
export function detectImageType(data: Buffer): LogoType | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'image/png';
  }
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 6) {
    const head = data.subarray(0, 6).toString('latin1');
    if (head === 'GIF87a' || head === 'GIF89a') return 'image/gif';
  }
  if (
    data.length >= 12 &&
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

function logoError(message: string): AppError {
  return new AppError('VALIDATION', message, { companyLogo: message });
}

/**
 * Checks a logo the way §5 says (image type only, under 5 MB: 5242880 bytes is refused) and returns the type
 * to store and serve it with, which is the detected one, never the declared one.
 */
export function checkLogo(upload: LogoUpload): LogoType {
  const declared = upload.declaredType.toLowerCase().split(';')[0]!.trim();
  if (declared === 'image/svg+xml' || /^\s*(<\?xml|<svg)/i.test(upload.data.subarray(0, 256).toString('utf8'))) {
    throw logoError(LOGO_MSG.logoSvg);
  }
  if (!declared.startsWith('image/')) throw logoError(LOGO_MSG.logoNotImage);
  if (upload.data.length >= LOGO_MAX_BYTES) throw logoError(LOGO_MSG.logoTooBig);
  const detected = detectImageType(upload.data);
  if (!detected) throw logoError(LOGO_MSG.logoNotImage);
  return detected;
}

/** The JSON form of the spec sends the logo inside the body as `data:<type>;base64,<bytes>`. */
export function parseLogoDataUrl(value: unknown): LogoUpload | null {
  if (value == null || value === '') return null;
  // The spec's client JSON-serialises a File, which gives {}: that carries no logo.
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return null;
  if (typeof value !== 'string') throw logoError(LOGO_MSG.logoNotImage);
  const m = /^data:([^;,]*)(;[^,]*)?,(.*)$/s.exec(value);
  if (!m || !(m[2] ?? '').includes(';base64')) throw logoError(LOGO_MSG.logoNotImage);
  const body = m[3]!;
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(body)) throw logoError(LOGO_MSG.logoNotImage);
  return { data: Buffer.from(body, 'base64'), declaredType: m[1] || 'application/octet-stream' };
}
