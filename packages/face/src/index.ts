// @assessly/face: face detection, enrolment descriptors and verification on the CPU (tfjs wasm, onnxruntime-node).
// See README.md for the models, the threshold and measured figures.
import { createEngine } from './engine';
import type { FaceEngine, FaceEngineOptions } from './types';

export { DEVICE_QUANTISED_MODELS, deviceModel } from './device-models';
export {
  DEFAULT_THRESHOLD,
  DESCRIPTOR_LENGTH,
  DESCRIPTOR_MODEL,
  DescriptorModelError,
  findPhone,
  MAX_INFERENCE_SIDE,
  MAX_VERIFY_FACES,
  MIN_DESCRIPTOR_NORM,
  SPOOF_MAX_REAL,
} from './engine';
export { FaceImageError, imageSize, MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './image';
export { PHONE_MIN_SCORE } from './models';
export type {
  Descriptor,
  DetectResult,
  EnrollResult,
  FaceBox,
  FaceEngine,
  FaceEngineOptions,
  FaceQualityIssue,
  LivenessCheck,
  VerifyOptions,
  VerifyResult,
  VerifyStatus,
} from './types';

/**
 * Create a face engine. Models (shared by every engine in the process) load on first use,
 * or before this resolves with { preload: true }. Calls are serialized internally, so one
 * engine can be shared by concurrent requests.
 */
export function createFaceEngine(opts?: FaceEngineOptions): Promise<FaceEngine> {
  return createEngine(opts);
}
