/**
 * How Plexus reaches its SMTP server, decided the same way by the mailer, the settings page and its script
 * (this file imports no server code): TLS from the start when SMTP_SECURE is on; otherwise STARTTLS is
 * required, unless an administrator allowed plain text and the server is on this machine.
 */
export type MailTransport = "tls" | "starttls" | "plain-loopback";

/** localhost, 127.0.0.0/8 and ::1 (bracketed or IPv4-mapped too): a relay whose traffic never leaves the machine. */
export function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1").replace(/\.$/, "");
  const ipv4 = name.replace(/^::ffff:/, "");
  return name === "localhost" || name === "::1" || (/^127(\.\d{1,3}){3}$/.test(ipv4) && ipv4.split(".").every((part) => Number(part) <= 255));
}

export interface TransportChoice {
  host: string;
  secure: boolean;
  /** SMTP_PLAIN_ON_LOOPBACK: an administrator allows plain text to a relay on loopback. */
  plainOnLoopback: boolean;
}

export function mailTransport({ host, secure, plainOnLoopback }: TransportChoice): MailTransport {
  if (secure) return "tls";
  return plainOnLoopback && isLoopbackHost(host) ? "plain-loopback" : "starttls";
}

/** What the settings page says: the transport in force, how the certificate is checked, and whether the plain-text switch is ignored. */
export function transportStatus(choice: TransportChoice & { customCa: boolean }) {
  const transport = mailTransport(choice);
  const certificate: "system" | "custom" | "none" = transport === "plain-loopback" ? "none" : choice.customCa ? "custom" : "system";
  return { transport, certificate, plainIgnored: transport === "starttls" && choice.plainOnLoopback && Boolean(choice.host) };
}
