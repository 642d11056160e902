/**
 * The face service child process (the default face part of `npm start`) runs at the CPU priority it is given
 * (FACE_NICE): the kernel then serves the API first when the face service is saturated.
 */
import os from 'node:os';
import pino from 'pino';
import { expect, it } from 'vitest';
import { descendantsOf } from '../../../test/processes';
import { createChildFaceClient } from './face-client.child';

/** Children of this process that run the face service. */
const faceChildren = () =>
  descendantsOf(process.pid)
    .filter((p) => p.ppid === process.pid && p.cmd.includes('face-service.ts'))
    .map((p) => p.pid);

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
});
