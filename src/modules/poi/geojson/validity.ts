/**
 * Geometric validity (OGC simple features) through GEOS compiled to WebAssembly, for the untrusted worker only:
 * self-intersections, rings crossing each other, disconnected interiors. Loading the module takes ~200 ms, so it
 * is loaded once per worker thread and kept.
 */
import initGeosJs from "geos-wasm";

type Geos = Awaited<ReturnType<typeof initGeosJs>>;
let loading: Promise<{ geos: Geos; reader: number }> | undefined;

const load = () =>
  (loading ??= initGeosJs().then((geos) => ({ geos, reader: geos.GEOSGeoJSONReader_create() })));

/** Why GEOS finds a geometry invalid and where: "Self-intersection" at "12.5 40.25" (lon lat); undefined when it is valid. */
export interface InvalidReason {
  reason: string;
  place: string;
}

/** GEOS's verdict on one GeoJSON geometry given as JSON text; a geometry GEOS cannot read is invalid too. */
export async function geosProblem(geometryJson: string): Promise<InvalidReason | undefined> {
  const { geos, reader } = await load();
  const size = Buffer.byteLength(geometryJson) + 1;
  const text = geos.Module._malloc(size);
  geos.Module.stringToUTF8(geometryJson, text, size);
  const geometry = geos.GEOSGeoJSONReader_readGeometry(reader, text);
  geos.Module._free(text);
  if (!geometry) return { reason: "Unreadable geometry", place: "" };
  try {
    const pointer = geos.GEOSisValidReason(geometry);
    const verdict = geos.Module.UTF8ToString(pointer);
    geos.GEOSFree(pointer);
    if (verdict === "Valid Geometry") return undefined;
    // GEOS answers "Self-intersection[12.5 40.25]".
    const at = verdict.indexOf("[");
    return at < 0 ? { reason: verdict, place: "" } : { reason: verdict.slice(0, at), place: verdict.slice(at + 1, -1) };
  } finally {
    geos.GEOSGeom_destroy(geometry);
  }
}
