import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/**
 * Test certificates made with openssl in `dir`: a CA and a server certificate for 127.0.0.1 it signs
 * (server.pem, server.key); a certificate the same CA signed for another name (wrong-name.pem); a
 * self-signed one for 127.0.0.1 (self-signed.pem); and a second CA that signed nothing here.
 */
export function makeCertificates(dir: string) {
  const openssl = (...args: string[]) => {
    const run = Bun.spawnSync(["openssl", ...args], { cwd: dir, stderr: "pipe", stdout: "ignore" });
    if (run.exitCode !== 0) throw new Error(`openssl ${args[0]} failed: ${run.stderr.toString()}`);
  };
  const key = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  const serverExtensions = (name: string) => `subjectAltName=${name}\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`;
  for (const ca of ["ca", "other-ca"]) {
    openssl("req", "-x509", ...key, "-keyout", `${ca}.key`, "-out", `${ca}.pem`, "-days", "2", "-subj", `/CN=Plexus test ${ca}`, "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign");
  }
  for (const [name, subject] of [["server", "IP:127.0.0.1"], ["wrong-name", "DNS:mail.elsewhere.test"]]) {
    writeFileSync(join(dir, `${name}.ext`), serverExtensions(subject));
    openssl("req", ...key, "-keyout", `${name}.key`, "-out", `${name}.csr`, "-subj", `/CN=${subject.slice(subject.indexOf(":") + 1)}`);
    openssl("x509", "-req", "-in", `${name}.csr`, "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", `${name}.pem`, "-days", "2", "-extfile", `${name}.ext`);
  }
  openssl("req", "-x509", ...key, "-keyout", "self-signed.key", "-out", "self-signed.pem", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1");
  const read = (file: string) => readFileSync(join(dir, file), "utf8");
  const pair = (name: string) => ({ cert: read(`${name}.pem`), key: read(`${name}.key`) });
  return {
    caCertificate: read("ca.pem"),
    otherCaCertificate: read("other-ca.pem"),
    server: pair("server"),
    wrongName: pair("wrong-name"),
    selfSigned: pair("self-signed"),
  };
}
