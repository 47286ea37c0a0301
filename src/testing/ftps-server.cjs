// An FTP server with explicit TLS (ftp-srv) for the FTPS tests, run by Node: under Bun, ftp-srv's AUTH TLS (a
// server-side TLSSocket over the accepted socket) never completes its handshake. Arguments: port, root folder,
// key and certificate files; logs in only backups/ftp-secret; prints "ready" and then each login.
const { readFileSync } = require("node:fs");
const tls = require("node:tls");
const { FtpSrv } = require("ftp-srv");
const registry = require("ftp-srv/src/commands/registry");

// ftp-srv puts TLS on the command socket only once its 234 has been written: a quick client's ClientHello can come
// first, be read as an FTP command and answered in clear, which the client sees as WRONG_VERSION_NUMBER. Here the
// socket stops reading before the 234 is sent, and TLS takes it over as soon as it is.
registry.AUTH.handler = function ({ command } = {}) {
  if (String(command.arg).toUpperCase() !== "TLS") return this.reply(504);
  if (this.secure) return this.reply(202);
  this.commandSocket.pause();
  return this.reply(234).then(() => {
    const plain = this.commandSocket;
    const secureSocket = new tls.TLSSocket(plain, { isServer: true, secureContext: tls.createSecureContext(this.server.options.tls) });
    for (const event of ["data", "timeout", "end", "close", "drain", "error"]) secureSocket.on(event, (...args) => plain.emit(event, ...args));
    this.commandSocket = secureSocket;
    this.secure = true;
  });
};

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
