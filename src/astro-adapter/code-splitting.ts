import { readFileSync } from "node:fs";

/**
 * How the browser's modules are cut into files. Left to the bundler, a page of islands asked for some 40 files
 * of a few hundred bytes each; over HTTP/1.1's six connections on a 400 ms link that took several rounds (issue
 * 19: the document page 5.7 s cold). So: React in one file, fetched once per browser; the typed client that the
 * sign-in pages share with the rest in one small file, their forms' checks in another; and our modules that six or more islands use in one
 * `common` file. A module that imports a stylesheet as CSS stays out: Astro inlines its CSS and deletes the file.
 */
const importsCss = (id: string) => /^[^\0]*\.[jt]sx?$/.test(id) && /\bimport\s*["'][^"'?]+\.css["']/.test(readFileSync(id.split("?")[0]!, "utf8"));

/** Our own modules and the signals library, as the bundler names them. */
const OWN = /[\\/](islands|src|locales)[\\/]|node_modules[\\/]@preact[\\/]/;

export const clientCodeSplitting = {
  groups: [
    { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
    { name: "api-client", test: /preload-helper|islands[\\/](lib[\\/]server|auth[\\/]locale)\.ts$/, priority: 3 },
    { name: "sign-in", test: /islands[\\/]auth[\\/]/, priority: 2 },
    { name: "common", test: (id: string) => OWN.test(id) && !importsCss(id), minShareCount: 6, priority: 1 },
  ],
};
