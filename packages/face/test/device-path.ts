// Test helper: the candidate page's detection path replayed in Node. The page builds its Human from the shared
// humanDetectorConfig (async, with objects), pads each frame to a square and reads the result with
// readDeviceFrame; here the same config, the same padding and the same reader run on Human's node-wasm build.
import { createRequire } from 'node:module';
import path from 'node:path';
import { humanDetectorConfig, readDeviceFrame } from '@assessly/shared';
import { decodeImage, toSquareRgb } from '../src/image';
import type { HumanLike, HumanResult } from '../src/models';
import { loadTf, toFileUrl, withFileFetch } from '../src/tf-runtime';

const require = createRequire(import.meta.url);

export async function loadPagePath() {
  const tf = await loadTf();
  const humanDist = path.dirname(require.resolve('@vladmandic/human'));
  const { Human } = require(path.join(humanDist, 'human.node-wasm.js')) as { Human: new (c: unknown) => HumanLike };
  const modelBasePath = toFileUrl(path.join(humanDist, '..', 'models'));
  const human = new Human(humanDetectorConfig({ modelBasePath, async: true, objects: true }));
  await withFileFetch(() => human.load());
  return async (jpeg: Buffer) => {
    const img = decodeImage(jpeg);
    const { size, rgb } = toSquareRgb(img);
    const t = tf.tensor4d(rgb, [1, size, size, 3]);
    try {
      const res = (await human.detect(t)) as HumanResult & { error?: string | null };
      if (res.error) throw new Error(res.error);
      return readDeviceFrame(res, img);
    } finally {
      tf.dispose(t);
    }
  };
}
