import { BlockList, isIP } from "node:net";

/**
 * The peers trusted to report the client's address in X-Forwarded-For (env TRUST_PROXY):
 * `loopback`, addresses and CIDR ranges, comma-separated. Without it the socket's address is the client.
 */
export interface ProxyTrust {
  /** The entries as configured, for logs and tests. */
  entries: string[];
  list: BlockList;
}

/** Parses TRUST_PROXY; unset or blank means "trust nobody". A wrong entry stops the start with a clear message. */
export function parseTrustProxy(value: string | undefined): ProxyTrust | null {
  const entries = (value ?? "").split(",").map((entry) => entry.trim()).filter(Boolean);
  if (!entries.length) return null;
  const list = new BlockList();
  for (const entry of entries) {
    if (entry.toLowerCase() === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [host, prefixText, ...rest] = entry.split("/");
    const address = normalizeAddress(host);
    const family = address ? isIP(address) : 0;
    const max = family === 4 ? 32 : 128;
    const prefix = prefixText === undefined ? max : /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!address || !family || rest.length || !(prefix >= 0 && prefix <= max)) {
      throw new Error(`TRUST_PROXY: "${entry}" is neither an IP address, a CIDR range (10.0.0.0/8) nor "loopback"`);
    }
    list.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return { entries, list };
}

/**
 * One spelling per address: no brackets, port or zone, lower case, and IPv4-mapped IPv6 as plain IPv4
 * (a dual-stack socket reports 127.0.0.1 as ::ffff:127.0.0.1). Undefined when the text is no IP address.
 */
export function normalizeAddress(text: string | undefined | null): string | undefined {
  if (!text) return undefined;
  let value = text.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(value);
  if (bracketed) value = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(value)) value = value.slice(0, value.lastIndexOf(":"));
  value = value.replace(/%.*$/, "");
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) value = mapped[1];
  return isIP(value) ? value : undefined;
}

const isTrusted = (trust: ProxyTrust, address: string) => trust.list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");

/** Hops looked at, from the right: a longer header is the client's own invention past that point. */
const MAX_HOPS = 32;

/**
 * The client behind the socket: the socket's address, unless that peer is a trusted proxy; then the
 * right-most X-Forwarded-For hop that is not a trusted proxy (hops further left are whatever the
 * client chose to send). A malformed hop ends the walk at the last proxy that vouched for it.
 */
export function resolveClientAddress(socket: string | undefined, forwardedFor: string | null, trust: ProxyTrust | null): string {
  const peer = normalizeAddress(socket);
  if (!peer) return socket || "local";
  if (!trust || !forwardedFor || !isTrusted(trust, peer)) return peer;
  const hops = forwardedFor.split(",").slice(-MAX_HOPS);
  let client = peer;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = normalizeAddress(hops[i]);
    if (!hop) return client;
    client = hop;
    if (!isTrusted(trust, hop)) return hop;
  }
  return client;
}

type RequestIpServer = { requestIP(request: Request): { address: string } | null } | null | undefined;

/** The caller's address, for throttling; "local" when the app is called without a server (tests). */
export const clientAddress = (request: Request, server: RequestIpServer, trust: ProxyTrust | null = null): string =>
  resolveClientAddress(server?.requestIP(request)?.address, request.headers.get("x-forwarded-for"), trust);
