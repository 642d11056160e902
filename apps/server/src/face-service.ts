/**
 * The face service as its own process (it can run on another machine; docs/ARCHITECTURE.md, Scale-out):
 *   node --import tsx apps/server/src/face-service.ts
 * Env: FACE_PORT (or PORT, default 3100), HOST (default 127.0.0.1), FACE_SERVICE_SECRET (required unless
 * HOST is a loopback address), LOG_LEVEL. The main server uses it when started with FACE_SERVICE_URL and
 * the same FACE_SERVICE_SECRET. Contract: modules/face/face-service.app.ts.
 */
import pino from 'pino';
import { readFaceServiceConfig } from './config';
import { createInProcessFaceClient } from './modules/face/face-client.in-process';
import { buildFaceServiceApp } from './modules/face/face-service.app';

const config = readFaceServiceConfig();
const log = pino({ level: config.logLevel });

async function main() {
  const { port, host, secret } = config;
  const loopback = host === '127.0.0.1' || host === 'localhost' || host === '::1';
  if (!secret && !loopback) {
    log.fatal(`Refusing to listen on ${host} without FACE_SERVICE_SECRET: anyone could use the face service.`);
    process.exit(1);
  }
  const face = createInProcessFaceClient({ onError: (err) => log.error({ err }, 'face models could not be loaded') });
  const app = await buildFaceServiceApp({ face, secret, log });
  const shutdown = async () => {
    await app.close();
    await face.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  // As a child of the API server, it ends with its parent.
  process.on('disconnect', shutdown);
  await app.listen({ port, host });
  // Started by the API server as its child (face-client.child.ts): tell it the port, then when models are in.
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  process.send?.({ port: boundPort });
  const t0 = Date.now();
  await face.ready;
  process.send?.({ modelsLoaded: true });
  log.info(
    `face service ready on http://${host}:${boundPort} (models loaded in ${Date.now() - t0} ms, secret ${secret ? 'required' : 'not set'})`,
  );
}

main().catch((err) => {
  log.fatal(err);
  process.exit(1);
});
