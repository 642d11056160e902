// face-api's 68-point landmark net with fused layers (issue 27: server CPU per check). Only its feature extractor
// (four dense blocks of depthwise-separable convolutions) is replaced; face-api's own input handling, fully
// connected head and post-processing stay. Two costs go: the input normalisation, which face-api builds as three
// filled planes joined by a concat (the wasm backend's concat is plain JavaScript: about 30 % of this net's kernel
// time), becomes one broadcast subtraction; and each layer's bias add (and the first relu) moves into the
// pointwise convolution's kernel. Same weights, same order of additions; landmarks.test.ts compares the two.
import type { Tf } from './tf-runtime';

// biome-ignore lint/suspicious/noExplicitAny: tfjs tensors and face-api params from the untyped bundles
type Tensor = any;

interface SeparableParams {
  depthwise_filter: Tensor;
  pointwise_filter: Tensor;
  bias: Tensor;
}
interface DenseBlock4 {
  conv0: SeparableParams | { filters: Tensor; bias: Tensor };
  conv1: SeparableParams;
  conv2: SeparableParams;
  conv3: SeparableParams;
}
interface FeatureParams {
  dense0: DenseBlock4;
  dense1: DenseBlock4;
  dense2: DenseBlock4;
  dense3: DenseBlock4;
}

/** face-api's mean RGB for this net (FaceFeatureExtractor.forwardInput). */
const MEAN_RGB = [122.782, 117.001, 104.298];

/** face-api's depthwiseSeparableConv (separableConv2d, then + bias), with the bias (and relu) in the kernel. */
function separable(tf: Tf, x: Tensor, p: SeparableParams, stride: 1 | 2, relu: boolean): Tensor {
  const depthwise = tf.depthwiseConv2d(x, p.depthwise_filter, stride, 'same');
  return tf.fused.conv2d({
    x: depthwise,
    filter: p.pointwise_filter,
    strides: 1,
    pad: 'valid',
    bias: p.bias,
    activation: relu ? 'relu' : 'linear',
  });
}

/** face-api's denseBlock4 (isScaleDown: true, as the landmark net uses it). */
function denseBlock4(tf: Tf, x: Tensor, p: DenseBlock4, first: boolean): Tensor {
  const out1 =
    first && 'filters' in p.conv0
      ? tf.fused.conv2d({ x, filter: p.conv0.filters, strides: 2, pad: 'same', bias: p.conv0.bias, activation: 'relu' })
      : separable(tf, x, p.conv0 as SeparableParams, 2, true);
  const out2 = separable(tf, out1, p.conv1, 1, false);
  const in3 = tf.relu(tf.add(out1, out2));
  const out3 = separable(tf, in3, p.conv2, 1, false);
  const in4 = tf.relu(tf.add(out1, tf.add(out2, out3)));
  const out4 = separable(tf, in4, p.conv3, 1, false);
  return tf.relu(tf.add(out1, tf.add(out2, tf.add(out3, out4))));
}

const FUSED = Symbol('assessly.fused');

/**
 * Make faceapi.nets.faceLandmark68Net run its feature extractor with fused layers (once per process; the net's
 * weights must be loaded). Returns face-api's own forwardInput, for the comparison test.
 */
export function useFusedLandmarkFeatures(tf: Tf, faceapi: Tensor): (input: unknown) => Tensor {
  const extractor = faceapi.nets.faceLandmark68Net.faceFeatureExtractor;
  const original = Object.getPrototypeOf(extractor).forwardInput.bind(extractor);
  if (extractor.forwardInput[FUSED]) return original;
  const params = extractor.params as FeatureParams | undefined;
  if (!params) throw new Error('face engine: landmark net not loaded');
  const mean = tf.tensor1d(MEAN_RGB, 'float32');
  const fused = (input: { toBatchTensor(size: number, square: boolean): Tensor }) =>
    tf.tidy(() => {
      const batch = tf.cast(input.toBatchTensor(112, true), 'float32');
      let out: Tensor = tf.div(tf.sub(batch, mean), 255);
      out = denseBlock4(tf, out, params.dense0, true);
      out = denseBlock4(tf, out, params.dense1, false);
      out = denseBlock4(tf, out, params.dense2, false);
      out = denseBlock4(tf, out, params.dense3, false);
      return tf.avgPool(out, [7, 7], [2, 2], 'valid');
    });
  (fused as unknown as Record<symbol, boolean>)[FUSED] = true;
  extractor.forwardInput = fused;
  return original;
}
