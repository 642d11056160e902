// Test helper: the candidate page's detection path replayed in Node. The page builds its Human from the shared
// humanDetectorConfig (async, with objects), pads each frame to a square and reads the result with
// readDeviceFrame; here the same config, the same padding and the same reader run on Human's node-wasm build,
// with the models the page gets: BlazeFace and FaceMesh quantised to 16 and 8 bits (src/device-models.ts), as the
// server's /api/proctoring/runtime/ sends them. `models: 'original'` loads the package's own files instead.
import { mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { gateFaces, humanDetectorConfig, readDeviceFrame } from '@assessly/shared';
import { DEVICE_QUANTISED_MODELS, deviceModel } from '../src/device-models';
import { decodeImage, toSquareRgb } from '../src/image';
import type { HumanLike, HumanResult } from '../src/models';
import { loadTf, toFileUrl, withFileFetch } from '../src/tf-runtime';

const require = createRequire(import.meta.url);

/** A folder with the page's model files: the quantised copies, and links to the package's other models. */
async function deviceModelsDir(packageModels: string): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'assessly-device-models-'));
  for (const name of DEVICE_QUANTISED_MODELS) {
    const m = await deviceModel(packageModels, name);
    await writeFile(path.join(dir, `${name}.json`), m.json);
    await writeFile(path.join(dir, `${name}.bin`), m.bin);
  }
  for (const file of ['centernet.json', 'centernet.bin'])
    await symlink(path.join(packageModels, file), path.join(dir, file));
  return dir;
}

/**
 * `objects: false` leaves out the object detector (the phone check): a test that compares only the face models,
 * which are the ones quantised, need not run the same CenterNet twice on every frame (about half of its CPU).
 */
export async function loadPagePath(opts: { models?: 'device' | 'original'; objects?: boolean } = {}) {
  const tf = await loadTf();
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  // Human keeps its models in module variables that every instance of one module shares: a fresh copy of the
  // module, so this path runs its own models, not those of the server engine or of another page path.
  const humanFile = path.join(humanDist, 'human.node-wasm.js');
  delete require.cache[humanFile];
  const { Human } = require(humanFile) as { Human: new (c: unknown) => HumanLike };
  const packageModels = path.join(humanDist, '..', 'models');
  const dir = opts.models === 'original' ? packageModels : await deviceModelsDir(packageModels);
  const human = new Human(
    humanDetectorConfig({ modelBasePath: toFileUrl(dir), async: true, objects: opts.objects ?? true }),
  );
  try {
    await withFileFetch(() => human.load());
  } finally {
    // Human has read every model by now (load, not the first detect), so the folder of copies can go.
    if (dir !== packageModels) await rm(dir, { recursive: true, force: true });
  }
  /** Human's answer for one frame (padded to a square as the page does) and the frame's own size. */
  const raw = async (jpeg: Buffer) => {
    const img = decodeImage(jpeg);
    const { size, rgb } = toSquareRgb(img);
    const t = tf.tensor4d(rgb, [1, size, size, 3]);
    try {
      const res = (await human.detect(t)) as HumanResult & { error?: string | null };
      if (res.error) throw new Error(res.error);
      return { res, frame: { width: img.width, height: img.height } };
    } finally {
      tf.dispose(t);
    }
  };
  const read = async (jpeg: Buffer) => {
    const { res, frame } = await raw(jpeg);
    return readDeviceFrame(res, frame);
  };
  /** The human-face gate's faces (boxes, mesh scores), for comparing two model sets. */
  read.gated = async (jpeg: Buffer) => {
    const { res, frame } = await raw(jpeg);
    return gateFaces(res.face, frame);
  };
  return read;
}
