import { defineConfig } from "astro/config";
import react from "@astrojs/react";
import plexusAdapter from "./src/astro-adapter/index.ts";

export default defineConfig({
  output: "server",
  srcDir: ".",
  adapter: plexusAdapter(),
  integrations: [react()],
  devToolbar: { enabled: false },
  image: { service: { entrypoint: "astro/assets/services/noop" } },
  security: { checkOrigin: false },
  build: { inlineStylesheets: "always" },
  vite: {
    ssr: { external: ["bun:sqlite", "bun"] },
  },
});
