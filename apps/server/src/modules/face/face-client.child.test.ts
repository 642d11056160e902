/**
 * The face service child process (the default face part of `npm start`) runs at the CPU priority it is given
 * (FACE_NICE): the kernel then serves the API first when the face service is saturated.
 */
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createChildFaceClient } from './face-client.child';

/** Processes whose parent is this one and whose command line runs the face service. */
function faceChildren(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (ppid === process.pid && cmd.includes('face-service.ts')) pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

it('starts the face service at the nice value given, and answers health from it', async () => {
  const client = createChildFaceClient(pino({ level: 'silent' }), 15);
  try {
    await expect.poll(() => faceChildren().length, { timeout: 30_000 }).toBe(1);
    expect(os.getPriority(faceChildren()[0]!)).toBe(15);
    await expect.poll(async () => (await client.health()).state, { timeout: 60_000, interval: 250 }).toBe('ready');
  } finally {
    await client.close();
  }
  expect(faceChildren()).toEqual([]);
}, 90_000);
