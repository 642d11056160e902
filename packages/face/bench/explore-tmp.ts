import { readFileSync, writeFileSync } from 'node:fs';
import { createFaceEngine } from '../src/index';
import { decodeImage, encodeJpeg, letterbox, type RgbaImage } from '../src/image';
function paste(dst: RgbaImage, src: RgbaImage, x0: number, y0: number, scale: number, border: number, fade = 1) {
  const w = Math.round(src.width * scale), h = Math.round(src.height * scale);
  for (let y = -border; y < h + border; y++) for (let x = -border; x < w + border; x++) {
    const dx = x0 + x, dy = y0 + y; if (dx < 0 || dy < 0 || dx >= dst.width || dy >= dst.height) continue;
    const d = (dy * dst.width + dx) * 4;
    if (x < 0 || y < 0 || x >= w || y >= h) { dst.data[d] = dst.data[d+1] = dst.data[d+2] = 235; continue; }
    const s = (Math.min(src.height - 1, Math.floor(y / scale)) * src.width + Math.min(src.width - 1, Math.floor(x / scale))) * 4;
    for (let c = 0; c < 3; c++) dst.data[d + c] = Math.round(40 + (src.data[s + c]! * fade) * 0.75);
  }
}
const bg = () => letterbox(decodeImage(readFileSync('/tmp/i27img/coffee.png')), 640, 480);
const astro = decodeImage(readFileSync('/tmp/i27img/astronaut.png'));
const e = await createFaceEngine({ preload: true, detectPhone: false });
for (const [name, scale] of [['print-small', 0.45], ['print-large', 0.8]] as const) {
  const img = bg(); paste(img, astro, 150, 40, scale, 18);
  const jpg = encodeJpeg(img, 85); writeFileSync(`/tmp/i27img/${name}.jpg`, jpg);
  { const r = await e.describe(jpg); console.log(name, r.ok ? `ok real=${r.real}` : r.reason); }
}
for (const f of ['astronaut.png', 'dog.jpg', 'chelsea.png', 'h-person-celeste.jpg']) {
  const jpg = encodeJpeg(letterbox(decodeImage(readFileSync(`/tmp/i27img/${f}`)), 640, 480), 90);
  const r = await e.describe(jpg); console.log(f, r.ok ? `ok real=${r.real}` : `${r.reason} ${r.message}`);
}
