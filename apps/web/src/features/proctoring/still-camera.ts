/**
 * A camera that shows a still picture (issue 41): a virtual camera playing a photo, a frozen driver, a capture
 * card on a paused source. The rule runs on the page, because only the page sees every frame (the server sees a
 * few): once a second the entry step reads the preview at 160×120 in grey levels; when the mean absolute
 * difference between consecutive readings stays below STILL_MAX_DIFF (0.2 of 255 levels) for STILL_SAMPLES (8)
 * readings in a row, the picture is still. A live camera never gets there: sensor noise alone moves a 160×120
 * reading by about 0.5–1 level, and a person breathes and blinks. The finding is guidance only ("your camera shows
 * a still picture"), never a verdict: the start without the live check stays open, and the server records that
 * the page saw a still picture with the live_unconfirmed event.
 */
import { type RefObject, useEffect, useState } from 'react';

export const STILL_MAX_DIFF = 0.2;
export const STILL_SAMPLES = 8;
export const STILL_SAMPLE_MS = 1000;
const W = 160;
const H = 120;

/** Feeds grey-level readings of equal length; `observe` answers whether the picture has been still long enough. */
export class StillPicture {
  private last: ArrayLike<number> | null = null;
  private quiet = 0;

  observe(grey: ArrayLike<number>): boolean {
    const prev = this.last;
    this.last = grey;
    if (!prev || prev.length !== grey.length || grey.length === 0) {
      this.quiet = 0;
      return false;
    }
    let sum = 0;
    for (let i = 0; i < grey.length; i++) sum += Math.abs(grey[i]! - prev[i]!);
    this.quiet = sum / grey.length < STILL_MAX_DIFF ? this.quiet + 1 : 0;
    return this.still;
  }

  get still(): boolean {
    return this.quiet >= STILL_SAMPLES;
  }
}

/** Grey levels (Rec. 601) of an RGBA buffer. */
export function greyOf(rgba: ArrayLike<number>): Float32Array {
  const out = new Float32Array(Math.floor(rgba.length / 4));
  for (let i = 0; i < out.length; i++)
    out[i] = 0.299 * rgba[i * 4]! + 0.587 * rgba[i * 4 + 1]! + 0.114 * rgba[i * 4 + 2]!;
  return out;
}

/** Whether the camera preview has shown a still picture (see the rule above); false while not enabled. */
export function useStillCamera(videoRef: RefObject<HTMLVideoElement | null>, enabled: boolean): boolean {
  const [still, setStill] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    setStill(false);
    const rule = new StillPicture();
    const canvas = document.createElement('canvas');
    canvas.width = W;
    canvas.height = H;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    const timer = setInterval(() => {
      const video = videoRef.current;
      if (!ctx || !video || video.readyState < 2) return;
      ctx.drawImage(video, 0, 0, W, H);
      setStill(rule.observe(greyOf(ctx.getImageData(0, 0, W, H).data)));
    }, STILL_SAMPLE_MS);
    return () => clearInterval(timer);
  }, [enabled, videoRef]);
  return enabled && still;
}
