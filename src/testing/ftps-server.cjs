// An FTP server with explicit TLS (ftp-srv) for the FTPS tests, run by Node: under Bun, ftp-srv's AUTH TLS (a
// server-side TLSSocket over the accepted socket) never completes its handshake. Arguments: port, root folder,
// key and certificate files; logs in only backups/ftp-secret; prints "ready" and then each login.
const { readFileSync } = require("node:fs");
const { FtpSrv } = require("ftp-srv");

const [port, root, key, cert] = process.argv.slice(2);
const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, child() { return this; } };
const server = new FtpSrv({
  url: `ftp://127.0.0.1:${port}`,
  pasv_url: "127.0.0.1",
  pasv_min: Number(port) + 1,
  pasv_max: Number(port) + 40,
  tls: { key: readFileSync(key), cert: readFileSync(cert) },
  log: quiet,
});
server.on("login", ({ username, password }, resolve, reject) => {
  console.log(`login ${username}`);
  if (username === "backups" && password === "ftp-secret") resolve({ root });
  else reject(new Error("wrong password"));
});
server.listen().then(() => console.log("ready"));
