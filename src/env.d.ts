// Astro's and Vite's client types (`?url`, `?inline` imports, import.meta.env) for a clean checkout, where
// `.astro/types.d.ts` does not exist until the first build.
/// <reference types="astro/client" />
