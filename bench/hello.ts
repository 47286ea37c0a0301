// The baseline: a raw Bun.serve hello-world on 127.0.0.1:$PORT, in its own process like the server under test.
// A POST body is read to the end and dropped, as the baseline for receiving a large upload.
Bun.serve({
  hostname: "127.0.0.1",
  port: Number(process.env.PORT),
  maxRequestBodySize: 1024 * 1024 * 1024,
  async fetch(request) {
    if (request.method === "POST" && request.body) for await (const _ of request.body as unknown as AsyncIterable<Uint8Array>);
    return new Response("Hello, world!");
  },
});
