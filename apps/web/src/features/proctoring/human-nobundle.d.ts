// Human's exports map names this build without "./", so TypeScript cannot resolve it by itself: the same
// classes as the package's main entry (vite.config.ts resolves the file).
declare module '@vladmandic/human/dist/human.esm-nobundle.js' {
  export { Human } from '@vladmandic/human';
}
