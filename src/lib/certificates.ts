import { X509Certificate } from "node:crypto";

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/**
 * The CA certificates in `value` as PEM Node's TLS reads, or null when there are none or one does not
 * parse. A PEM pasted into a one-line settings field loses its line breaks; they are put back here.
 */
export function caCertificates(value: string): string | null {
  const blocks = [...value.matchAll(PEM_BLOCK)].map(([, body]) => body.replace(/\s+/g, ""));
  if (!blocks.length || value.replace(PEM_BLOCK, "").trim()) return null;
  const pem = blocks.map((body) => `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join("\n")}\n-----END CERTIFICATE-----\n`);
  try {
    for (const one of pem) new X509Certificate(one);
  } catch {
    return null;
  }
  return pem.join("");
}

/** TLS failures of certificate checking, as Node's and Bun's TLS name them. */
const CERTIFICATE_PROBLEM = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|ALTNAME|HOSTNAME/i;

/** Whether a failed connection failed because the peer's certificate was not trusted or not for its name. */
export function isCertificateProblem(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = typeof e === "object" && "code" in e ? String(e.code) : "";
    if (CERTIFICATE_PROBLEM.test(code) || CERTIFICATE_PROBLEM.test(String(e))) return true;
  }
  return false;
}
