import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Attribute, Change, Client } from "ldapts";
import { makeCertificates } from "./certificates";

const SLAPD = "/usr/sbin/slapd";
const SCHEMAS = ["core", "cosine", "inetorgperson"];

/** The seeded directory's suffix, its administrator and where people live. */
const SUFFIX = "dc=plexus,dc=test";
export const PEOPLE = `ou=people,${SUFFIX}`;
const ROOT_DN = `cn=admin,${SUFFIX}`;
const ROOT_PASSWORD = "slapd-root-secret";

/** A person in the seeded tree: `rdn` is the entry's first DN component as written in LDIF (escapes included). */
export interface Person {
  rdn: string;
  uid: string;
  givenName: string;
  sn: string;
  mail?: string;
  title?: string;
  o?: string;
  /** Active Directory's account flags (0x2: disabled), carried by the test schema's plexusAccount class. */
  userAccountControl?: string;
  password: string;
}

/** Cyrillic names, a comma, quotes and a plus sign in DNs and values: what a real directory holds. */
export const SEEDED_PEOPLE: Person[] = [
  { rdn: "uid=ivanov", uid: "ivanov", givenName: "Иван", sn: "Иванов", mail: "ivanov@plexus.test", title: "Инженер-геодезист", o: "ООО «Ромашка»", password: "Пароль-Иванова-1" },
  { rdn: "cn=Пётр Петров", uid: "petrov", givenName: "Пётр", sn: "Петров", mail: "petrov@plexus.test", title: "Начальник отдела", o: "АО \"Север\"", password: "petrov-secret-2" },
  { rdn: "cn=Doe\\, Jane \\+ \\\"JD\\\"", uid: "jane.doe", givenName: "Jane", sn: "O'Doe, Jr.", mail: "jane.doe@plexus.test", title: "Lead (GIS)", o: "Doe & Co, Ltd.", password: "jane*)(secret" },
  { rdn: "uid=nomail", uid: "nomail", givenName: "No", sn: "Mail", password: "nomail-secret-4" },
];

const slapdInstalled = () => existsSync(SLAPD);

/**
 * Whether LDAP tests must skip: only when slapd is missing on a developer's machine. In CI (where
 * .ci/run installs it) a missing slapd fails the tests instead of skipping them silently.
 */
export function skipWithoutSlapd(): boolean {
  if (slapdInstalled()) return false;
  if (process.env.CI) throw new Error("slapd is not installed: .ci/run installs it (apt-get install slapd ldap-utils)");
  console.warn("\n  !!! SKIPPING the LDAP tests: slapd is not installed (apt-get install slapd ldap-utils) !!!\n");
  return true;
}

async function freePort(): Promise<number> {
  const probe = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  const { port } = probe;
  probe.stop(true);
  return port;
}

/**
 * OpenLDAP has no userAccountControl: the test schema adds Active Directory's attribute (same OID and
 * integer syntax) and an auxiliary class that carries it, so a test can disable an account as AD does.
 */
const ACCOUNT_CONTROL_SCHEMA = [
  "attributetype ( 1.2.840.113556.1.4.8 NAME 'userAccountControl' EQUALITY integerMatch SYNTAX 1.3.6.1.4.1.1466.115.121.1.27 SINGLE-VALUE )",
  "objectclass ( 1.3.6.1.4.1.4203.666.11.900.1 NAME 'plexusAccount' AUXILIARY MAY userAccountControl )",
];

function config(dir: string, tls: boolean, certificate: string) {
  return [
    ...SCHEMAS.map((s) => `include /etc/ldap/schema/${s}.schema`),
    ...ACCOUNT_CONTROL_SCHEMA,
    ...(tls ? [`TLSCACertificateFile ${join(dir, "ca.pem")}`, `TLSCertificateFile ${join(dir, `${certificate}.pem`)}`, `TLSCertificateKeyFile ${join(dir, `${certificate}.key`)}`] : []),
    `pidfile ${join(dir, "slapd.pid")}`,
    "modulepath /usr/lib/ldap",
    "moduleload back_mdb",
    "database mdb",
    `suffix "${SUFFIX}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${ROOT_PASSWORD}`,
    `directory ${join(dir, "db")}`,
    "maxsize 16777216",
    // People may bind as themselves and read the tree; only the root writes.
    "access to attrs=userPassword by self =xw by anonymous auth by * none",
    "access to * by * read",
    "",
  ].join("\n");
}

/**
 * Debian's slapd on loopback with a temporary configuration and database, seeded with SEEDED_PEOPLE
 * under ou=people. `add`, `remove` and `setAccountControl` change the tree while a test runs; `stop` ends
 * slapd and removes its files. With `tls`, slapd also offers StartTLS on `url` and listens on `ldapsUrl`,
 * with a certificate signed by `caCertificate` (PEM), or with `selfSigned` one it signed itself;
 * `otherCaCertificate` is a CA that signed nothing.
 */
export async function startSlapd({ tls = false, selfSigned = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "plexus-slapd-"));
  mkdirSync(join(dir, "db"));
  const { caCertificate, otherCaCertificate } = tls ? makeCertificates(dir) : { caCertificate: "", otherCaCertificate: "" };
  writeFileSync(join(dir, "slapd.conf"), config(dir, tls, selfSigned ? "self-signed" : "server"));
  const url = `ldap://127.0.0.1:${await freePort()}`;
  const ldapsUrl = tls ? `ldaps://127.0.0.1:${await freePort()}` : "";
  const listen = [url, ldapsUrl].filter(Boolean).map((address) => `${address}/`).join(" ");
  // -d keeps slapd in the foreground, so that it is this process's child and ends with stop().
  const proc = Bun.spawn([SLAPD, "-d", "0", "-f", join(dir, "slapd.conf"), "-h", listen], { stdout: "ignore", stderr: "pipe" });

  const admin = new Client({ url, timeout: 5000, connectTimeout: 2000 });
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      await admin.bind(ROOT_DN, ROOT_PASSWORD);
      break;
    } catch (error) {
      if (proc.exitCode !== null || Date.now() > deadline) {
        const stderr = await new Response(proc.stderr).text();
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`slapd did not start: ${String(error)}\n${stderr}`);
      }
      await Bun.sleep(50);
    }
  }
  await admin.add(SUFFIX, { objectClass: ["dcObject", "organization"], dc: "plexus", o: "Plexus test" });
  await admin.add(PEOPLE, { objectClass: "organizationalUnit", ou: "people" });

  const dnOf = (person: Person) => `${person.rdn},${PEOPLE}`;
  async function add(person: Person) {
    const attributes: Record<string, string> = {
      uid: person.uid,
      cn: `${person.givenName} ${person.sn}`,
      givenName: person.givenName,
      sn: person.sn,
      userPassword: person.password,
    };
    for (const key of ["mail", "title", "o", "userAccountControl"] as const) if (person[key]) attributes[key] = person[key]!;
    await admin.add(dnOf(person), { objectClass: ["inetOrgPerson", "plexusAccount"], ...attributes });
  }
  for (const person of SEEDED_PEOPLE) await add(person);

  return {
    url,
    ldapsUrl,
    caCertificate,
    otherCaCertificate,
    rootDn: ROOT_DN,
    rootPassword: ROOT_PASSWORD,
    add,
    remove: (person: Person) => admin.del(dnOf(person)),
    /** Sets a person's userAccountControl, as Active Directory does when an account is disabled (514) or enabled (512). */
    setAccountControl: (person: Person, value: string) =>
      admin.modify(dnOf(person), new Change({ operation: "replace", modification: new Attribute({ type: "userAccountControl", values: [value] }) })),
    async stop() {
      await admin.unbind().catch(() => {});
      proc.kill();
      await proc.exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type Slapd = Awaited<ReturnType<typeof startSlapd>>;
