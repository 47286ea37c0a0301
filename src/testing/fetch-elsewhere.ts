/** A request as `fetch` takes it, sent by another process. */
export interface RemoteRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Requests a browser has in flight to one host at once (HTTP/1.1): the rest wait for a free connection. */
const CONNECTIONS = 6;

const SCRIPT = `
const requests = JSON.parse(await Bun.stdin.text());
const answers = [];
let next = 0;
async function connection() {
  while (next < requests.length) {
    const at = next++;
    const response = await fetch(requests[at].url, requests[at]);
    answers[at] = { status: response.status, bytes: (await response.arrayBuffer()).byteLength };
  }
}
await Promise.all(Array.from({ length: ${CONNECTIONS} }, connection));
console.log(JSON.stringify(answers));`;

/**
 * Sends `requests` from another process over real sockets as a browser would: six at a time, asking for gzip
 * and unpacking it; answers each one's status and body size. Read in the test's own process, a large answer is
 * copied on the very event loop a stall probe waits on (100 ms for 18 MB): that would be the test's stall, not
 * the server's. The requests are serialised when this is called, so call it before measuring and await the
 * returned function inside the measured action.
 */
export function fetchElsewhere(requests: RemoteRequest[]): () => Promise<{ status: number; bytes: number }[]> {
  const input = new Blob([JSON.stringify(requests)]);
  return async () => {
    const child = Bun.spawn([process.execPath, "-e", SCRIPT], { stdin: input, stdout: "pipe", stderr: "inherit" });
    const [out] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    return JSON.parse(out);
  };
}
