import type { Database } from "bun:sqlite";

/**
 * The per-row triggers that keep the R-tree and the cluster cells (migrations poi_rtree and poi_cells) cost ten times
 * the row itself: 100,000 points took minutes with them firing. A bulk write suspends the two insert triggers inside
 * its own transaction, fills the R-tree and the cells once for all its rows (the same sums the triggers add), and puts
 * the triggers back, as sqlite_master had them, before it commits; DDL is transactional, so a failure restores them.
 */
const SUSPENDED = ["poi_objects_rtree_insert", "poi_cells_insert"];

const statements = new WeakMap<Database, ReturnType<typeof prepare>>();
const prepare = (db: Database) => ({
  lastId: db.prepare<{ id: number }, []>("select coalesce(max(id), 0) as id from poi_objects"),
  triggers: db.prepare<{ name: string; sql: string }, []>(`select name, sql from sqlite_master where type = 'trigger' and name in (${SUSPENDED.map((name) => `'${name}'`).join(", ")})`),
  boxes: db.prepare<unknown, [number]>("insert into poi_objects_rtree select id, min_lon, max_lon, min_lat, max_lat from poi_objects where id > ?"),
  cells: db.prepare<unknown, [number]>(
    `insert into poi_cells (layer_id, level, cx, cy, count, sum_lon, sum_lat)
     select o.layer_id, value, min((1 << value) - 1, max(0, cast(((o.min_lon + o.max_lon) / 2 + 180) * (1 << value) / 360 as integer))),
       min((1 << value) - 1, max(0, cast(((o.min_lat + o.max_lat) / 2 + 90) * (1 << value) / 180 as integer))),
       count(*), sum((o.min_lon + o.max_lon) / 2), sum((o.min_lat + o.max_lat) / 2)
     from poi_objects o, json_each('[3,4,5,6,7,8,9,10,11]') where o.id > ? group by 1, 2, 3, 4
     on conflict do update set count = count + excluded.count, sum_lon = sum_lon + excluded.sum_lon, sum_lat = sum_lat + excluded.sum_lat`,
  ),
});

/** Runs `insert` (which adds rows to poi_objects) in one transaction with the two insert triggers' work done once, set-based. */
export function bulkInsertObjects(db: Database, insert: () => void) {
  let prepared = statements.get(db);
  if (!prepared) statements.set(db, (prepared = prepare(db)));
  const { lastId, triggers, boxes, cells } = prepared;
  // IMMEDIATE: the write lock is taken before anything is read, so no other writer slips in between.
  db.transaction(() => {
    const after = lastId.get()!.id;
    const saved = triggers.all();
    if (saved.length !== SUSPENDED.length) throw new Error("the triggers of poi_objects are not the ones a bulk write replaces");
    for (const { name } of saved) db.run(`drop trigger ${name}`);
    insert();
    boxes.run(after);
    cells.run(after);
    for (const { sql } of saved) db.run(sql);
  }).immediate();
}
