/// <reference types="vite/client" />
declare const __PUBLIC_URL__: string;
/** The kennel's day ('YYYY-MM-DD') the pages were built for (vite.config.ts). */
declare const __BUILD_DAY__: string;
/** The instants, in ms, between which it is __BUILD_DAY__ at the kennel: [from, until). */
declare const __BUILD_DAY_SPAN__: { from: number; until: number };

/** Sizes and URL folder of the site images' variants (vite/images-plugin.ts). */
declare module 'virtual:cedar-images' {
  import type { ImageManifest } from './lib/image-variants';
  export const imageManifest: ImageManifest;
}

/** A module compiled into one classic script, as text for an inline <script> (vite/inline-script-plugin.ts). */
declare module '*?inline-script' {
  const code: string;
  export default code;
}
