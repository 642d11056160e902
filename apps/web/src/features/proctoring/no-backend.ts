/**
 * Stands in for @tensorflow/tfjs-backend-webgl and -webgpu in the page's Human build (vite.config.ts): the page
 * runs tfjs on its wasm backend only, and these two backends were most of the old runtime download (issue 26).
 */
export {};
