/**
 * The zip of an import route: the multipart file field `package` (other file fields are read and dropped), with
 * the route's own words for a request that is not multipart, a file over the multipart limit and no file.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export interface ZipUploadWords {
  notMultipart: string;
  tooLarge: string;
  missing: string;
  missingField: string;
}

export async function readZipUpload(req: FastifyRequest, words: ZipUploadWords): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('VALIDATION', words.notMultipart);
  let zip: Buffer | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file' && part.fieldname === 'package') zip = await part.toBuffer();
      else if (part.type === 'file') await part.toBuffer();
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', words.tooLarge);
    throw err;
  }
  if (!zip || zip.length === 0) throw new AppError('VALIDATION', words.missing, { package: words.missingField });
  return zip;
}
