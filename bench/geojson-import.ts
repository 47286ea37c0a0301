// A GeoJSON import of 100,000 points through layer-poi/save-all on a real server (this checkout, its own DATA_DIR),
// with /api/health asked over and over while it runs, beside the same health calls on the idle server and the same
// rows written by raw bun:sqlite in one transaction, all in the same run. Peak RSS is the server's, read from /proc.
// `bun bench/geojson-import.ts` runs it alone; bench/run.ts runs it with the rest.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDb } from "../db/client";
import { dataItems, poiTemplates, projects } from "../db/schema";
import { ownPageHeaders } from "../src/testing/own-page";
import type { Figure } from "./chat-load";
import { serveCheckout } from "./checkout-server";
import { percentile, random } from "./list-bench";

const POINTS = 100_000;
const IDLE_MS = 3000;
const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;

/** Asks /api/health one call after another until `done` says stop; each call's milliseconds. */
async function healthTimes(url: string, done: () => boolean) {
  const ms: number[] = [];
  while (!done()) {
    const start = performance.now();
    const response = await fetch(`${url}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`/api/health answered ${response.status}`);
    ms.push(performance.now() - start);
  }
  return ms;
}

/** The points with three fields each, as the import dialog sends them. */
function items(layerId: number, template: { id: number; fields: { id: number; name: string }[] }) {
  const rnd = random(23);
  const [title, height, kind] = ["Title", "Height", "Kind"].map((name) => template.fields.find((field) => field.name === name)!.id);
  return Array.from({ length: POINTS }, (_, i) => ({
    layer: { id: layerId },
    template: { id: template.id },
    geometry: JSON.stringify({ type: "Point", coordinates: [Number((rnd() * 100).toFixed(7)), Number((rnd() * 50).toFixed(7))] }),
    properties: [
      { field: { id: title }, value: `Point ${i}` },
      { field: { id: height }, value: Math.round(rnd() * 1000) / 10 },
      { field: { id: kind }, value: i % 2 ? "Oak" : "Pine" },
    ],
  }));
}

/** The same rows written by raw bun:sqlite (prepared insert, one transaction, the triggers of the real schema). */
function rawInsertMs(rows: ReturnType<typeof items>) {
  const dir = mkdtempSync(join(tmpdir(), "plexus-bench-geojson-raw-"));
  try {
    const db = openDb(join(dir, "raw.sqlite"));
    const project = db.insert(projects).values({ name: "Raw" }).returning().get();
    const layer = db.insert(dataItems).values({ projectId: project.id, dataType: "LAYER", name: "Raw" }).returning().get();
    const template = db.insert(poiTemplates).values({ name: "Raw", graphType: "POINT" }).returning().get();
    const insert = db.$client.prepare("insert into poi_objects (layer_id, template_id, name, geometry, properties, min_lon, min_lat, max_lon, max_lat) values (?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const start = performance.now();
    db.$client.transaction(() => {
      for (const row of rows) {
        const [lon, lat] = JSON.parse(row.geometry).coordinates;
        insert.run(layer.id, template.id, row.properties[0].value as string, row.geometry, "{}", lon, lat, lon, lat);
      }
    })();
    const ms = performance.now() - start;
    db.$client.close();
    return ms;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function geojsonImport(): Promise<Figure[]> {
  const server = await serveCheckout({ label: "this checkout", dir: resolve(import.meta.dir, ".."), buildDir: process.env.PLEXUS_BUILD_DIR ?? "dist" });
  try {
    const project = await server.post("/project/create", { name: "GeoJSON bench", description: "Bench" });
    const layer = await server.post("/layer/save", { project: { id: project.id }, name: "Points", type: "LAYER_POI" });
    const template = await server.post("/layer-poi-template", {
      name: "Point",
      graphType: "POINT",
      fields: [
        { name: "Title", type: "STRING", partOfName: true },
        { name: "Height", type: "NUMBER" },
        { name: "Kind", type: "LIST", options: "Oak, Pine" },
      ],
    });
    await server.post(`/layer/bind-poi-template?layerId=${layer.id}&templateId=${template.id}`, {});
    const rows = items(layer.id, template);
    const body = JSON.stringify(rows);
    let idleDone = false;
    const idleTimer = setTimeout(() => (idleDone = true), IDLE_MS);
    const idleMs = await healthTimes(server.url, () => idleDone);
    clearTimeout(idleTimer);
    const rssBefore = rssMb(server.pid);
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 20);
    let importing = true;
    const during = healthTimes(server.url, () => !importing);
    const start = performance.now();
    const response = await fetch(`${server.url}/api/layer-poi/save-all`, {
      method: "POST",
      headers: { cookie: server.cookie, "content-type": "application/json", ...ownPageHeaders(server.url) },
      body,
    });
    const answer = await response.text();
    const importMs = performance.now() - start;
    importing = false;
    clearInterval(sampler);
    if (!response.ok) throw new Error(`save-all: ${response.status} ${answer.slice(0, 300)}`);
    const busyMs = await during;
    const worst = Math.max(...busyMs);
    const raw = rawInsertMs(rows);
    const mb = (body.length / 1024 / 1024).toFixed(1);
    return [
      [`layer-poi/save-all of ${POINTS.toLocaleString("en")} points with 3 fields (${mb} MB body, read and checked in the worker, one transaction)`, importMs, "ms", { baseline: `raw bun:sqlite prepared inserts of the same rows in one transaction ${raw.toFixed(0)} ms`, ratio: importMs / raw, target: "< 10,000 ms", pass: importMs < 10_000 }],
      [
        `/api/health p99 during that import (p50 ${percentile(busyMs, 50).toFixed(1)} ms, worst ${worst.toFixed(0)} ms, ${busyMs.length} calls)`,
        percentile(busyMs, 99),
        "ms",
        { baseline: `idle p99 ${percentile(idleMs, 99).toFixed(1)} ms, p50 ${percentile(idleMs, 50).toFixed(1)} ms`, ratio: percentile(busyMs, 99) / percentile(idleMs, 99) },
      ],
      [`server peak RSS during that import (${rssBefore.toFixed(0)} MB before)`, peak, "MB", {}],
    ];
  } finally {
    await server.stop();
  }
}

if (import.meta.main) {
  for (const [name, value, unit, opts] of await geojsonImport()) {
    console.log(`${name}: ${value.toFixed(1)} ${unit}${opts?.baseline ? `; ${opts.baseline}` : ""}${opts?.ratio ? `; ratio ${opts.ratio.toFixed(2)}x` : ""}${opts?.target ? `; target ${opts.target}: ${opts.pass ? "PASS" : "FAIL"}` : ""}`);
  }
}
