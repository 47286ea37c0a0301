import type { ErrorDetail } from "../../lib/errors";

const PLACEHOLDER = /\{([^{}]*)\}/g;
const KNOWN = new Set(["z", "x", "y", "-y"]);

/** The origin (scheme, host, port) a tile template points at, or null when it is not an http(s) address. */
export function templateOrigin(template: string): string | null {
  try {
    const url = new URL(template.replace(PLACEHOLDER, "0"));
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * What is wrong with an XYZ layer's tile address template: it must be an http(s) address with {z}, {x} and
 * {y} (or {-y}, rows counted from the south) and no other placeholder, on a server the administrator allowed.
 */
export function templateProblems(template: string, allowed: ReadonlySet<string>): ErrorDetail[] {
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[1]);
  const origin = templateOrigin(template);
  const complete = names.includes("z") && names.includes("x") && (names.includes("y") || names.includes("-y"));
  if (!origin || !complete || names.some((name) => !KNOWN.has(name)) || /[{}]/.test(template.replace(PLACEHOLDER, ""))) {
    return [{ path: "body.url", message: "An http(s) address with {z}, {x} and {y} (or {-y}) and no other placeholder", code: "layer.url.invalid" }];
  }
  if (!allowed.has(origin)) return [{ path: "body.url", message: `${origin} is not among the tile servers an administrator allowed`, code: "layer.url.notAllowed" }];
  return [];
}

/** The address of tile z/x/y from a template templateProblems passed. */
export const tileAddress = (template: string, z: number, x: number, y: number) =>
  template.replace(PLACEHOLDER, (_, name: string) => String(name === "z" ? z : name === "x" ? x : name === "y" ? y : 2 ** z - 1 - y));
