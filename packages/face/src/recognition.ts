// face-api's 128-d recognition net (ResNet-34-like) run with fused convolutions (issue 27: server CPU per check).
// face-api runs every conv layer as conv2d → add bias → multiply by scale → add scale bias → relu: five passes
// over each feature map. The scale is per output channel, so it folds into the filters once:
//   (conv(x, W) + b) · s + t = conv(x, W · s) + (b · s + t)
// and each layer becomes one fused conv2d (bias and relu inside the kernel). Same weights, same input
// preprocessing (face-api's own toBatchTensor), same architecture; the descriptor differs from face-api's only
// by float rounding (recognition.test.ts compares the two).
import type { Tf } from './tf-runtime';

// biome-ignore lint/suspicious/noExplicitAny: tfjs tensors and face-api params from the untyped bundles
type Tensor = any;

interface ConvLayerParams {
  conv: { filters: Tensor; bias: Tensor };
  scale: { weights: Tensor; biases: Tensor };
}
interface ResidualParams {
  conv1: ConvLayerParams;
  conv2: ConvLayerParams;
}
interface Folded {
  filters: Tensor;
  bias: Tensor;
}
interface FoldedResidual {
  conv1: Folded;
  conv2: Folded;
}

const RESIDUALS = [
  ['conv32_1', false],
  ['conv32_2', false],
  ['conv32_3', false],
  ['conv64_down', true],
  ['conv64_1', false],
  ['conv64_2', false],
  ['conv64_3', false],
  ['conv128_down', true],
  ['conv128_1', false],
  ['conv128_2', false],
  ['conv256_down', true],
  ['conv256_1', false],
  ['conv256_2', false],
  ['conv256_down_out', true],
] as const;

interface FoldedNet {
  first: Folded;
  blocks: Array<{ down: boolean; p: FoldedResidual }>;
  fc: Tensor;
  mean: Tensor;
}

/** face-api's mean RGB for this net (FaceRecognitionNet.forwardInput). */
const MEAN_RGB = [122.782, 117.001, 104.298];

const cache = new WeakMap<object, FoldedNet>();

function fold(tf: Tf, p: ConvLayerParams): Folded {
  return tf.tidy(() => ({
    filters: tf.mul(p.conv.filters, p.scale.weights),
    bias: tf.add(tf.mul(p.conv.bias, p.scale.weights), p.scale.biases),
  })) as Folded;
}

function folded(tf: Tf, net: { params: Record<string, unknown> | undefined }): FoldedNet {
  const params = net.params;
  if (!params) throw new Error('face engine: recognition net not loaded');
  let f = cache.get(params);
  if (!f) {
    const res = (name: string): FoldedResidual => {
      const r = params[name] as ResidualParams;
      return { conv1: fold(tf, r.conv1), conv2: fold(tf, r.conv2) };
    };
    f = {
      first: fold(tf, params.conv32_down as ConvLayerParams),
      blocks: RESIDUALS.map(([name, down]) => ({ down, p: res(name) })),
      fc: params.fc,
      mean: tf.tensor1d(MEAN_RGB, 'float32'),
    };
    cache.set(params, f);
  }
  return f;
}

function conv(tf: Tf, x: Tensor, l: Folded, stride: 1 | 2, relu: boolean, pad: 'same' | 'valid' = 'same'): Tensor {
  return tf.fused.conv2d({
    x,
    filter: l.filters,
    strides: stride,
    pad,
    bias: l.bias,
    activation: relu ? 'relu' : 'linear',
  });
}

function residual(tf: Tf, x: Tensor, p: FoldedResidual): Tensor {
  const out = conv(tf, conv(tf, x, p.conv1, 1, true), p.conv2, 1, false);
  return tf.relu(tf.add(out, x));
}

/** face-api's residualDown, with the fused layers. */
function residualDown(tf: Tf, x: Tensor, p: FoldedResidual): Tensor {
  let out = conv(tf, conv(tf, x, p.conv1, 2, true, 'valid'), p.conv2, 1, false);
  let pooled = tf.avgPool(x, 2, 2, 'valid');
  if (pooled.shape[1] !== out.shape[1] || pooled.shape[2] !== out.shape[2]) {
    out = tf.concat([out, tf.zeros([out.shape[0], 1, out.shape[2], out.shape[3]])], 1);
    out = tf.concat([out, tf.zeros([out.shape[0], out.shape[1], 1, out.shape[3]])], 2);
  }
  if (pooled.shape[3] !== out.shape[3]) pooled = tf.concat([pooled, tf.zeros(pooled.shape)], 3);
  return tf.relu(tf.add(pooled, out));
}

/**
 * The 128-d descriptor of an aligned face crop (a [h, w, 3] tensor, 0..255), as
 * faceapi.nets.faceRecognitionNet.computeFaceDescriptor computes it.
 */
export async function computeDescriptor(
  tf: Tf,
  // biome-ignore lint/suspicious/noExplicitAny: face-api's node-wasm bundle is untyped here
  faceapi: any,
  aligned: Tensor,
): Promise<Float32Array> {
  if (aligned.shape.some((d: number) => d <= 0)) return new Float32Array(128);
  const net = faceapi.nets.faceRecognitionNet;
  const f = folded(tf, net);
  const input = await faceapi.toNetInput(aligned);
  const out = tf.tidy(() => {
    const batch = tf.cast(input.toBatchTensor(150, true), 'float32');
    let x: Tensor = tf.div(tf.sub(batch, f.mean), 255);
    x = conv(tf, x, f.first, 2, true, 'valid');
    x = tf.maxPool(x, 3, 2, 'valid');
    for (const b of f.blocks) x = b.down ? residualDown(tf, x, b.p) : residual(tf, x, b.p);
    return tf.matMul(tf.mean(x, [1, 2]), f.fc);
  });
  try {
    return (await out.data()) as Float32Array;
  } finally {
    out.dispose();
  }
}
