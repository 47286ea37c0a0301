import type { Db } from "../../../../db/client";

export type Box = [minLon: number, minLat: number, maxLon: number, maxLat: number];

/** The pyramid's levels (migration poi_cells): at level L the world is 2^L x 2^L cells. */
const LEVELS = { min: 3, max: 11 };
/** The level is the one at which the view spans about this many cells a side. */
const CELLS_A_SIDE = 64;

interface CellRow {
  cx: number;
  cy: number;
  count: number;
  sumLon: number;
  sumLat: number;
}

/** A cell of the pyramid as a cluster: its count, the mean centre of its objects and the cell's box. */
export interface CellCluster {
  count: number;
  lon: number;
  lat: number;
  box: Box;
}

const statements = new WeakMap<Db, ReturnType<typeof prepare>>();
// The columns come as a JSON list so that the primary key is used on all four columns, not scanned by cy.
const prepare = (db: Db) =>
  db.$client.prepare<CellRow, [number, number, string, number, number]>(
    `select cx, cy, count, sum_lon as sumLon, sum_lat as sumLat from poi_cells
     where layer_id = ?1 and level = ?2 and cx in (select value from json_each(?3)) and cy between ?4 and ?5`,
  );

const levelFor = ([minLon, minLat, maxLon, maxLat]: Box) => {
  const span = Math.max((maxLon - minLon) / 360, (maxLat - minLat) / 180);
  const level = Math.round(Math.log2(CELLS_A_SIDE / span));
  return Math.min(LEVELS.max, Math.max(LEVELS.min, Number.isFinite(level) ? level : LEVELS.max));
};

/**
 * The pyramid's cells touching the view, and how many objects they surely hold in it (`inside`: the cells
 * wholly in the view) and at most (`touching`: all of them).
 */
export function viewCells(db: Db, layerId: number, box: Box) {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepare(db)));
  const level = levelFor(box);
  const n = 2 ** level;
  const width = 360 / n;
  const height = 180 / n;
  const column = (lon: number) => Math.min(n - 1, Math.max(0, Math.floor((lon + 180) / width)));
  const row = (lat: number) => Math.min(n - 1, Math.max(0, Math.floor((lat + 90) / height)));
  const first = column(box[0]);
  const columns = Array.from({ length: column(box[2]) - first + 1 }, (_, i) => first + i);
  let inside = 0;
  let touching = 0;
  const clusters = statement.all(layerId, level, JSON.stringify(columns), row(box[1]), row(box[3])).map((cell): CellCluster => {
    const cellBox: Box = [cell.cx * width - 180, cell.cy * height - 90, (cell.cx + 1) * width - 180, (cell.cy + 1) * height - 90];
    touching += cell.count;
    if (cellBox[0] >= box[0] && cellBox[1] >= box[1] && cellBox[2] <= box[2] && cellBox[3] <= box[3]) inside += cell.count;
    return { count: cell.count, lon: cell.sumLon / cell.count, lat: cell.sumLat / cell.count, box: cellBox };
  });
  return { clusters, inside, touching };
}
