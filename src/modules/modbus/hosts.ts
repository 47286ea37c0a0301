import type { Db } from "../../../db/client";
import { settingValue } from "../settings/service";

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

const ipv4Number = (text: string): number | undefined => {
  const parts = IPV4.exec(text)?.slice(1).map(Number);
  return parts?.every((n) => n <= 255) ? parts.reduce((n, part) => n * 256 + part, 0) : undefined;
};

/** Whether `host` is `entry`: the same name or address, or an IPv4 address inside an entry such as 10.1.0.0/16. */
function matches(entry: string, host: string): boolean {
  const [base, bits] = entry.split("/");
  if (bits === undefined) return base!.toLowerCase() === host.toLowerCase();
  const network = ipv4Number(base!);
  const address = ipv4Number(host);
  const size = Number(bits);
  if (network === undefined || address === undefined || !/^\d{1,2}$/.test(bits) || size > 32) return false;
  const block = 2 ** (32 - size);
  return Math.floor(address / block) === Math.floor(network / block);
}

/**
 * Whether a unit may reach `host`: only devices an administrator allowed in MODBUS_HOSTS (names, addresses or IPv4
 * networks such as 10.1.0.0/16, separated by commas, spaces or lines), so a moderator cannot make Plexus knock on
 * any address of its network. Empty: none.
 */
export function modbusHostAllowed(db: Db, host: string): boolean {
  const entries = (settingValue(db, "MODBUS_HOSTS") ?? "").split(/[\s,]+/).filter(Boolean);
  return entries.some((entry) => matches(entry, host));
}
