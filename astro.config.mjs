import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import plexusAdapter from "./src/astro-adapter/index.ts";
import { PAGE_DIRECTIVES } from "./src/lib/csp.ts";
import { inlineIcons } from "./src/astro-adapter/inline-icons.ts";
import { islandRendering } from "./src/astro-adapter/island-rendering.ts";
import { clientCodeSplitting } from "./src/astro-adapter/code-splitting.ts";

export default defineConfig({
  output: "server",
  srcDir: ".",
  outDir: process.env.PLEXUS_BUILD_DIR ?? "./dist",
  adapter: plexusAdapter(),
  integrations: [react({ experimentalDisableStreaming: true })],
  devToolbar: { enabled: false },
  image: { service: { entrypoint: "astro/assets/services/noop" } },
  security: {
    checkOrigin: false,
    // A Content-Security-Policy header on every page: scripts only from our origin or hashed by
    // Astro (never 'unsafe-inline'); style attributes allowed, <style> elements hashed.
    csp: {
      algorithm: "SHA-256",
      directives: [...PAGE_DIRECTIVES],
      styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: "attribute" }] },
    },
  },
  build: { inlineStylesheets: "always" },
  // No Markdown pages here; Shiki's inline styles would not pass the CSP anyway.
  markdown: { syntaxHighlight: false },
  vite: {
    plugins: [inlineIcons(), islandRendering()],
    ssr: { external: ["bun:sqlite", "bun"] },
    environments: { client: { build: { rolldownOptions: { output: { codeSplitting: clientCodeSplitting } } } } },
  },
});
