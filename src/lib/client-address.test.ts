import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { clientAddress, normalizeAddress, parseTrustProxy, resolveClientAddress } from "./client-address";
import { loadConfig } from "./config";

const ipv4 = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join("."));
/** Public-looking addresses outside 10/8 and 127/8, so never a trusted proxy below. */
const outsider = fc.tuple(fc.integer({ min: 11, max: 126 }), fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => parts.join("."));
const proxy = fc.tuple(fc.nat(255), fc.nat(255), fc.nat(255)).map((parts) => `10.${parts.join(".")}`);

describe("TRUST_PROXY", () => {
  test("parses loopback, addresses and CIDR ranges; refuses anything else at start", () => {
    expect(parseTrustProxy(undefined)).toBeNull();
    expect(parseTrustProxy(" , ")).toBeNull();
    const trust = parseTrustProxy("loopback, 10.0.0.0/8, 2001:db8::/32, 192.168.1.10")!;
    expect(trust.entries).toEqual(["loopback", "10.0.0.0/8", "2001:db8::/32", "192.168.1.10"]);
    for (const bad of ["everyone", "10.0.0.0/33", "10.0.0/8", "::1/129", "1.2.3.4/8/8", "*"]) {
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({ TRUST_PROXY: "loopback" }).trustProxy?.entries).toEqual(["loopback"]);
    expect(loadConfig({}).trustProxy).toBeNull();
  });

  test("addresses have one spelling: no port, brackets or zone; IPv4-mapped IPv6 as IPv4", () => {
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress(" 203.0.113.5:4431 ")).toBe("203.0.113.5");
    expect(normalizeAddress("[2001:DB8::1]:443")).toBe("2001:db8::1");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80::1");
    expect(normalizeAddress("unknown")).toBeUndefined();
    expect(normalizeAddress("")).toBeUndefined();
  });

  test("property: without TRUST_PROXY, or from a peer that is not a trusted proxy, the header never counts", () => {
    const trust = parseTrustProxy("10.0.0.0/8");
    fc.assert(
      fc.property(outsider, fc.string({ maxLength: 200 }), (socket, header) => {
        expect(resolveClientAddress(socket, header, null)).toBe(socket);
        expect(resolveClientAddress(socket, header, trust)).toBe(socket);
      }),
    );
  });

  test("property: from a trusted proxy, the client is the right-most hop that is not a trusted proxy", () => {
    const trust = parseTrustProxy("10.0.0.0/8, loopback");
    fc.assert(
      fc.property(
        fc.array(fc.oneof(ipv4, fc.string({ maxLength: 20 })), { maxLength: 5 }),
        outsider,
        fc.array(proxy, { maxLength: 4 }),
        proxy,
        (spoofed, client, chain, peer) => {
          const header = [...spoofed, client, ...chain].join(", ");
          expect(resolveClientAddress(peer, header, trust)).toBe(client);
        },
      ),
    );
  });

  test("a malformed hop ends the walk at the last proxy that vouched for it; an all-proxy chain names its first hop", () => {
    const trust = parseTrustProxy("10.0.0.0/8");
    expect(resolveClientAddress("10.0.0.1", "203.0.113.1, garbage, 10.0.0.2", trust)).toBe("10.0.0.2");
    expect(resolveClientAddress("10.0.0.1", "10.0.0.3, 10.0.0.2", trust)).toBe("10.0.0.3");
    expect(resolveClientAddress("10.0.0.1", null, trust)).toBe("10.0.0.1");
    expect(resolveClientAddress(undefined, "203.0.113.1", trust)).toBe("local");
  });

  test("clientAddress reads the socket through the server and the header from the request", () => {
    const request = new Request("http://plexus.test/api/login", { headers: { "x-forwarded-for": "203.0.113.77" } });
    const server = { requestIP: () => ({ address: "::ffff:127.0.0.1" }) };
    expect(clientAddress(request, server)).toBe("127.0.0.1");
    expect(clientAddress(request, server, parseTrustProxy("loopback"))).toBe("203.0.113.77");
    expect(clientAddress(request, null, parseTrustProxy("loopback"))).toBe("local");
  });
});
