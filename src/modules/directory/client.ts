import { Client, Filter, InvalidCredentialsError, type Entry } from "ldapts";
import { AppError } from "../../lib/errors";
import { log } from "../../lib/log";
import { isCertificateProblem } from "../../lib/certificates";
import { directoryTransport, type AttributeMap, type DirectoryConfig } from "./config";

/** Most entries one search reads: a guard against a filter that matches a whole forest. */
const MAX_ENTRIES = 50_000;
const TIMEOUT_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5_000;

/** Active Directory's account flags; bit 0x2 (ACCOUNTDISABLE) marks a disabled account. */
const ACCOUNT_CONTROL = "userAccountControl";
const ACCOUNT_DISABLED = 0x2;

/**
 * A directory entry read through the attribute map; empty strings for attributes it lacks. `disabled`:
 * Active Directory has switched the account off (a directory without userAccountControl disables nobody).
 */
export type Person = Record<keyof AttributeMap, string> & { dn: string; disabled: boolean };

/** What a failed connection tells the administrator: an untrusted certificate, or a server out of reach. */
const unreachable = (error: unknown) => {
  log.warn("directory.unreachable", { error: String(error) });
  if (isCertificateProblem(error)) {
    const code = error instanceof Error && "code" in error ? String(error.code) : "";
    return new AppError(502, "directory_tls_failed", `The directory's certificate is not trusted: ${error instanceof Error ? error.message : code}`);
  }
  return new AppError(502, "directory_unreachable", "The directory server cannot be reached");
};

/**
 * Opens a connection to the configured URL only (upgraded by StartTLS when configured), runs `work`, and
 * always closes it. Certificates are verified, against the configured CA certificate when one is set and
 * the system's (plus NODE_EXTRA_CA_CERTS) otherwise.
 */
async function connected<T>(config: DirectoryConfig, work: (client: Client) => Promise<T>): Promise<T> {
  const tlsOptions = { rejectUnauthorized: true, host: new URL(config.url).hostname, ...(config.caCertificate ? { ca: [config.caCertificate] } : {}) };
  const transport = directoryTransport(config);
  const secure = transport === "ldaps";
  // ldapts speaks TLS from the start whenever it is given TLS options, so ldap:// URLs get none here.
  const client = new Client({ url: config.url, timeout: TIMEOUT_MS, connectTimeout: CONNECT_TIMEOUT_MS, ...(secure ? { tlsOptions } : {}) });
  try {
    if (transport === "starttls") {
      await client.startTLS(tlsOptions).catch((error) => {
        throw error instanceof Error && "code" in error && typeof error.code === "number"
          ? new AppError(502, "directory_tls_failed", `The directory refused StartTLS: ${error.message}`)
          : unreachable(error);
      });
    }
    log.info("directory.connected", { host: tlsOptions.host, transport });
    return await work(client);
  } finally {
    await client.unbind().catch(() => {});
  }
}

/** Binds as the configured service account (or anonymously when no bind DN is set). */
async function serviceBind(client: Client, config: DirectoryConfig) {
  if (!config.bindDn) return;
  try {
    await client.bind(config.bindDn, config.bindPassword);
  } catch (error) {
    if (error instanceof InvalidCredentialsError) {
      throw new AppError(422, "directory_bind_failed", "The directory refused the bind DN and password");
    }
    throw unreachable(error);
  }
}

const first = (value: Entry[string] | undefined): string => {
  const one = Array.isArray(value) ? value[0] : value;
  return one === undefined ? "" : String(one).trim();
};

function asPerson(entry: Entry, map: AttributeMap): Person {
  const read = (attribute: string) => (attribute ? first(entry[Object.keys(entry).find((k) => k.toLowerCase() === attribute.toLowerCase()) ?? attribute]) : "");
  const accountControl = Number.parseInt(read(ACCOUNT_CONTROL), 10);
  return {
    dn: entry.dn,
    disabled: Number.isSafeInteger(accountControl) && (accountControl & ACCOUNT_DISABLED) !== 0,
    login: read(map.login),
    firstName: read(map.firstName),
    lastName: read(map.lastName),
    email: read(map.email),
    position: read(map.position),
    company: read(map.company),
  };
}

async function search(client: Client, config: DirectoryConfig, filter: string, many: boolean) {
  const attributes = [...Object.values(config.attributes).filter(Boolean), ACCOUNT_CONTROL];
  try {
    const paging = many ? { sizeLimit: MAX_ENTRIES, paged: { pageSize: 500 } } : {};
    const { searchEntries } = await client.search(config.baseDn, { scope: "sub", filter, attributes, ...paging });
    return searchEntries.map((entry) => asPerson(entry, config.attributes));
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && "code" in error && typeof error.code === "number") {
      // The server answered with an LDAP result code: a wrong base, filter or limit, not a network fault.
      throw new AppError(422, "directory_search_failed", `The directory refused the search: ${error.message}`);
    }
    throw unreachable(error);
  }
}

/** Everyone the configured filter selects under the base DN, read with the service account. */
export function searchPeople(config: DirectoryConfig): Promise<Person[]> {
  return connected(config, async (client) => {
    await serviceBind(client, config);
    return search(client, config, config.filter, true);
  });
}

/**
 * Whether `password` is `login`'s directory password: the service account finds the entry whose login
 * attribute equals `login` (escaped, so filter characters in a login match only themselves), then
 * Plexus binds as that entry's DN. The password is only sent, never kept. An empty password is
 * refused before any bind, since LDAP takes a bind without one as an anonymous success; so is an
 * account Active Directory has disabled (userAccountControl), whatever the password.
 */
export function directoryPasswordMatches(config: DirectoryConfig, login: string, password: string): Promise<boolean> {
  if (!password || !login) return Promise.resolve(false);
  return connected(config, async (client) => {
    await serviceBind(client, config);
    const filter = `(&${config.filter}(${config.attributes.login}=${Filter.escape(login)}))`;
    const found = await search(client, config, filter, false);
    if (found.length !== 1 || found[0].disabled) return false;
    try {
      await client.bind(found[0].dn, password);
      return true;
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return false;
      throw unreachable(error);
    }
  });
}
