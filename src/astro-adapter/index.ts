import type { AstroIntegration } from "astro";

/**
 * Our own small adapter: the build emits a server entry exporting `render(request, locals)`,
 * which src/web.ts calls for every request that is not /api, /ws-endpoint or a static file.
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
    },
  };
}
