/**
 * @assessly/server's public entry: what assembles and starts the app from a Config (the parts main.ts uses).
 * The end-to-end harness (e2e/) imports these; nothing outside the server reaches into src/ by path.
 */
export { buildApp } from './app';
export { type AppDepsOptions, type AppRuntime, createAppDeps, StartupError } from './app-deps';
export { type Config, readConfig } from './config';
export type { AppDeps } from './deps';
