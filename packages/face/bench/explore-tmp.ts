import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { decodeImage, toSquareRgb, letterbox } from '../src/image';
import { loadTf, toFileUrl, withFileFetch } from '../src/tf-runtime';
import { readManifest } from '../test/fixtures';
const require = createRequire(import.meta.url);
const tf = await loadTf();
const humanDist = path.dirname(require.resolve('@vladmandic/human'));
const { Human } = require(path.join(humanDist, 'human.node-wasm.js'));
const off = { enabled: false };
const human = new Human({ backend: 'wasm', modelBasePath: toFileUrl(path.join(humanDist, '..', 'models')), debug: false, async: false, warmup: 'none', cacheSensitivity: 0, filter: off, gesture: off, body: off, hand: off, segmentation: off,
  face: { enabled: true, detector: { rotation: false, maxDetected: 20, minConfidence: 0.5, iouThreshold: 0.2, return: false, square: false, skipFrames: 0, skipTime: 0 },
    mesh: { enabled: true }, iris: off, description: off, emotion: off, antispoof: { enabled: true, skipFrames: 0, skipTime: 0 }, liveness: { enabled: true, skipFrames: 0, skipTime: 0 }, attention: off, gear: off },
  object: off });
await withFileFetch(() => human.load());
const files = [...readManifest().map((p) => p.path), ...readdirSync('/tmp/i27img').map((f) => `/tmp/i27img/${f}`)];
for (const file of files) {
  for (const mode of ['orig', 'webcam']) {
    let img = decodeImage(readFileSync(file));
    if (mode === 'webcam') img = letterbox(img, 640, 480);
    const { size, rgb } = toSquareRgb(img);
    const t = tf.tensor4d(rgb, [1, size, size, 3]);
    const t0 = performance.now();
    const res = await human.detect(t);
    const ms = performance.now() - t0;
    tf.dispose(t);
    const faces = res.face.map((f: any) => `[${f.box.map((v: number) => Math.round(v)).join(',')}] s=${f.score.toFixed(2)} box=${f.boxScore?.toFixed(2)} mesh=${f.faceScore?.toFixed(2)} real=${f.real?.toFixed(2)} live=${f.live?.toFixed(2)} rot=${f.rotation ? Object.values(f.rotation.angle).map((a: any) => a.toFixed(2)).join('/') : '-'} kp=${f.mesh?.length}`);
    console.log(`${path.basename(file)} ${mode} ${img.width}x${img.height} ${ms.toFixed(0)}ms n=${res.face.length}\n   ${faces.join('\n   ')}`);
  }
}
