import * as mdi from "@mdi/js";

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*["']@mdi\/js["'];?/g;

/**
 * Puts each Material Design icon an island uses into that island as a string constant. @mdi/js is one module, so
 * the bundler would otherwise give every page one shared chunk of every icon any island draws (93 icons, 7.6 KB
 * gzipped); the few paths a page draws weigh a few hundred bytes.
 */
export function inlineIcons() {
  return {
    name: "plexus-inline-icons",
    enforce: "pre" as const,
    transform(code: string, id: string) {
      if (!/\.[cm]?[jt]sx?$/.test(id) || id.includes("node_modules") || !code.includes("@mdi/js")) return undefined;
      return code.replace(IMPORT, (_, names: string) =>
        names
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [icon, alias] = name.split(/\s+as\s+/) as [keyof typeof mdi, string | undefined];
            if (!(icon in mdi)) throw new Error(`@mdi/js has no icon ${icon}`);
            return `const ${alias ?? icon} = ${JSON.stringify(mdi[icon])};`;
          })
          .join("\n"),
      );
    },
  };
}
