// The baseline: a raw Bun.serve hello-world on 127.0.0.1:$PORT, in its own process like the server under test.
Bun.serve({ hostname: "127.0.0.1", port: Number(process.env.PORT), fetch: () => new Response("Hello, world!") });
