/// <reference types="vite/client" />

// Injected by vite.config.ts `define`.
// oxlint-disable-next-line no-underscore-dangle
declare const __APP_VERSION__: string;

interface ImportMetaEnv {
  readonly VITE_BRAND_NAME?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}
