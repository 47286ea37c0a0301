import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { precompress } from "./precompress";

/**
 * Our own small adapter: the build emits a server entry exporting `render(request, locals)`,
 * which src/web.ts calls for every request that is not /api, /ws-endpoint or a static file; the
 * browser's assets get compressed twins (precompress.ts).
 */
export default function plexusAdapter(): AstroIntegration {
  return {
    name: "plexus-adapter",
    hooks: {
      "astro:config:done": ({ setAdapter }) => {
        setAdapter({
          name: "plexus-adapter",
          entrypointResolution: "auto",
          serverEntrypoint: new URL("./entry.ts", import.meta.url),
          adapterFeatures: { buildOutput: "server" },
          supportedAstroFeatures: {
            serverOutput: "stable",
            staticOutput: "stable",
            hybridOutput: "stable",
            sharpImageService: "unsupported",
            i18nDomains: "unsupported",
            envGetSecret: "unsupported",
          },
        });
      },
      "astro:build:done": ({ dir }) => precompress(fileURLToPath(dir)),
    },
  };
}
