/**
 * The face part of `createParts()`: the remote face service when FACE_SERVICE_URL is set (several instances:
 * comma-separated URLs, face-client.spread.ts); otherwise the face
 * service as a child process of this one (its inference never blocks the API's event loop), or with
 * FACE_IN_PROCESS=1 the engine in this process. Models load in the background either way (start-up is not
 * blocked; /api/health says loading → ready). FACE_ENGINE=off runs without face proctoring (503).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { FaceClient } from './face-client';
import { createChildFaceClient } from './face-client.child';
import { createInProcessFaceClient } from './face-client.in-process';
import { createRemoteFaceClient } from './face-client.remote';
import { createSpreadFaceClient } from './face-client.spread';

export function createFacePart(config: Config, log: FastifyBaseLogger): FaceClient | null {
  if (config.faceServiceUrl) {
    if (!config.faceServiceSecret)
      log.warn('FACE_SERVICE_URL is set without FACE_SERVICE_SECRET: the face service accepts anyone who can reach it');
    // several instances (comma-separated): calls spread by load and routed around a dead one
    const urls = config.faceServiceUrl
      .split(',')
      .map((u) => u.trim())
      .filter(Boolean);
    log.info(`face: remote face service at ${urls.join(', ')}`);
    const clients = urls.map((url) => createRemoteFaceClient({ url, secret: config.faceServiceSecret }));
    return clients.length === 1 ? clients[0]! : createSpreadFaceClient(clients);
  }
  if (config.faceEngine === 'off') {
    log.info('face: disabled (FACE_ENGINE=off)');
    return null;
  }
  if (config.faceEngine === 'child') {
    log.info('face: starting the face service as a child process');
    return createChildFaceClient(log, config.faceNice);
  }
  const started = Date.now();
  const client = createInProcessFaceClient({
    onError: (err) => log.error({ err }, 'face: the models could not be loaded'),
  });
  client.ready.then(
    () => log.info(`face: models loaded in process in ${Date.now() - started} ms`),
    () => {},
  );
  return client;
}
