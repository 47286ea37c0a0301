/**
 * Runs in a worker thread (src/lib/untrusted-worker.ts): writes one save-all group on its own connection to the
 * database file, so that the event loop keeps answering while the transaction runs (WAL: readers never wait for it).
 * The rows were checked and worked out on the main thread; this only writes them, all or none.
 */
import { Database } from "bun:sqlite";
import { bulkInsertObjects } from "./bulk-write";

/** One object ready to insert, with its changelog entry's changed fields. */
export type Row = [name: string, geometry: string, properties: string, minLon: number, minLat: number, maxLon: number, maxLat: number, changes: string];

export interface WriteJob {
  dbPath: string;
  layerId: number;
  templateId: number;
  authorId: number;
  /** The rows as JSON text of a list of Row. */
  rows: string;
}

export default function writeObjects({ dbPath, layerId, templateId, authorId, rows: text }: WriteJob): number {
  const rows = JSON.parse(text) as Row[];
  const db = new Database(dbPath, { strict: true });
  try {
    db.run("PRAGMA busy_timeout = 10000");
    db.run("PRAGMA foreign_keys = ON");
    db.run("PRAGMA synchronous = NORMAL");
    const object = db.prepare<{ id: number }, [number, number, string, string, string, number, number, number, number]>(
      "insert into poi_objects (layer_id, template_id, name, geometry, properties, min_lon, min_lat, max_lon, max_lat) values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id",
    );
    const change = db.prepare<unknown, [number, number, number, string, string]>(
      "insert into poi_changelog (object_id, layer_id, author_id, change_type, changes, geometry) values (?, ?, ?, 'CREATE', ?, ?)",
    );
    bulkInsertObjects(db, () => {
      for (const [name, geometry, properties, minLon, minLat, maxLon, maxLat, changes] of rows) {
        const { id } = object.get(layerId, templateId, name, geometry, properties, minLon, minLat, maxLon, maxLat)!;
        change.run(id, layerId, authorId, changes, geometry);
      }
    });
    return rows.length;
  } finally {
    db.close();
  }
}
