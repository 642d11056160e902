/**
 * The HTTP side of the face contract, shared by the main server (/api/face/*, /api/proctoring/*) and the
 * standalone face service (/enroll, /detect, /verify): reading the multipart upload and writing the answers.
 *
 *   detect: 204 = exactly one face and no phone; 200 = a flag (0 faces, several faces, or a phone), body = the
 *           frame (image/jpeg). Headers: X-Face-Count, X-Face-Phone (0|1), X-Face-Flags (no_face,multiple_faces,phone).
 *   verify: 200 matched, 401 not_detected (no face matched), 403 not_matched; X-Face-Status (matched |
 *           not_matched | not_detected), X-Face-Distance, X-Face-Count; body = the annotated frame (image/jpeg).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import type { Descriptor, FaceDetectOutcome, FaceVerifyOutcome } from './face-client';

export const MAX_UPLOAD_BYTES = 8 * 1024 * 1024;
const IMAGE_FIELD = 'image';
const MAX_FIELD_CHARS = 16_384;

export interface ImageUpload {
  image: Buffer;
  fields: Record<string, string>;
}

/** The JPEG in the multipart field `image` plus the text fields (subject, descriptor). */
export async function readImageUpload(req: FastifyRequest): Promise<ImageUpload> {
  if (!req.isMultipart()) {
    throw new AppError('FACE_BAD_IMAGE', 'Send the frame as a JPEG in the multipart/form-data field "image"');
  }
  let image: Buffer | null = null;
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === IMAGE_FIELD) image = bytes;
      } else if (typeof part.value === 'string' && part.value.length <= MAX_FIELD_CHARS) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('FACE_IMAGE_TOO_LARGE', 'The image is larger than 8 MB');
    if (code === 'FST_FILES_LIMIT') throw new AppError('FACE_BAD_IMAGE', 'Send one image only, in the field "image"');
    if (err instanceof AppError) throw err;
    throw new AppError('FACE_BAD_IMAGE', 'The upload is not valid multipart form data');
  }
  if (!image) throw new AppError('FACE_BAD_IMAGE', 'No image: send the frame as a JPEG in the multipart field "image"');
  if (image.length === 0) throw new AppError('FACE_BAD_IMAGE', 'The image is empty');
  return { image, fields };
}

/**
 * Any length up to 2,048 values: the engine decides whether a descriptor is of its model (DESCRIPTOR_MODEL and
 * DESCRIPTOR_LENGTH; issue 41). One of an older model (face-api's 128 values) then answers FACE_NOT_ENROLLED
 * ("enrol again"), not a validation error nor a crash.
 */
export const ZDescriptor = z.object({
  values: z
    .array(z.number().finite())
    .min(1, 'A descriptor has values')
    .max(2048, 'A descriptor has at most 2,048 values'),
  model: z.string().min(1).max(100),
});

/** The `descriptor` field (JSON) of a verify call to the face service. */
export function parseDescriptorField(raw: string | undefined): Descriptor | null {
  if (raw === undefined || raw === '') return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    throw new AppError('VALIDATION', 'The descriptor field must be JSON: {"values":[numbers],"model":"..."}');
  }
  const r = ZDescriptor.safeParse(data);
  if (!r.success)
    throw new AppError('VALIDATION', 'The descriptor field must be {"values":[1 to 2,048 numbers],"model":"..."}');
  return r.data;
}

export type DetectFlag = 'no_face' | 'multiple_faces' | 'phone';

export function detectFlags(d: FaceDetectOutcome): DetectFlag[] {
  const flags: DetectFlag[] = [];
  if (d.faceCount === 0) flags.push('no_face');
  if (d.faceCount > 1) flags.push('multiple_faces');
  if (d.phone) flags.push('phone');
  return flags;
}

function setDetectHeaders(reply: FastifyReply, d: FaceDetectOutcome, flags: DetectFlag[]) {
  reply.header('x-face-count', String(d.faceCount));
  reply.header('x-face-phone', d.phone ? '1' : '0');
  reply.header('x-face-flags', flags.join(','));
  if (d.phoneScore !== null) reply.header('x-face-phone-score', d.phoneScore.toFixed(3));
}

/** The spec's detect answer: 204 for one face, 200 with the flagged frame otherwise. */
export function sendDetect(reply: FastifyReply, d: FaceDetectOutcome, frame: Buffer) {
  const flags = detectFlags(d);
  setDetectHeaders(reply, d, flags);
  if (flags.length === 0) return reply.status(204).send();
  return reply.status(200).type('image/jpeg').send(frame);
}

/** unclear (issue 27): a face too poor for a verdict; 422 with guidance, never a 403 accusation. */
export const VERIFY_HTTP_STATUS = { matched: 200, not_detected: 401, not_matched: 403, unclear: 422 } as const;

function setVerifyHeaders(reply: FastifyReply, v: FaceVerifyOutcome) {
  reply.header('x-face-status', v.status);
  reply.header('x-face-count', String(v.faceCount));
  if (v.distance !== null) reply.header('x-face-distance', v.distance.toFixed(4));
  if (v.guidance) reply.header('x-face-guidance', v.guidance);
  if (v.liveness.real !== null) reply.header('x-face-real', v.liveness.real.toFixed(3));
  reply.header('x-face-live', v.liveness.passed ? '1' : '0');
  if (v.yaw !== null) reply.header('x-face-yaw', v.yaw.toFixed(3));
  if (v.phoneScore != null) reply.header('x-face-phone-score', v.phoneScore.toFixed(3));
}

/** The spec's verify answer: 200/401/403, X-Face-Status, the annotated frame as the body. */
export function sendVerify(reply: FastifyReply, v: FaceVerifyOutcome) {
  setVerifyHeaders(reply, v);
  reply.header('cache-control', 'no-store');
  return reply.status(VERIFY_HTTP_STATUS[v.status]).type('image/jpeg').send(v.annotatedJpeg);
}

/** Candidate side: same status codes and headers, but a small JSON body (the browser does not need the frame back). */
export function sendVerifyJson(reply: FastifyReply, v: FaceVerifyOutcome, extra: Record<string, unknown> = {}) {
  setVerifyHeaders(reply, v);
  return reply.status(VERIFY_HTTP_STATUS[v.status]).send({
    status: v.status,
    distance: v.distance,
    faces: v.faceCount,
    guidance: v.guidance,
    live: v.liveness.passed,
    ...extra,
  });
}

export function sendDetectJson(reply: FastifyReply, d: FaceDetectOutcome, extra: Record<string, unknown> = {}) {
  const flags = detectFlags(d);
  setDetectHeaders(reply, d, flags);
  if (flags.length === 0) return reply.status(204).send();
  return reply.status(200).send({ faces: d.faceCount, phone: d.phone, flags, ...extra });
}
