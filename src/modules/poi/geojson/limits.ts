/** Caps on a GeoJSON file and on an import; past one the whole request is refused with 413 or 422, nothing written. */
export const GEOJSON_LIMITS = {
  /** Bytes of an uploaded file (and of a save-all body): 100,000 points with a few fields are about 15 MB. */
  fileBytes: 100 * 1024 * 1024,
  /** Features of one file, items of one save-all. */
  features: 200_000,
  /** Positions of one file altogether. */
  vertices: 5_000_000,
  /** How deep arrays and objects may nest (a MultiPolygon's coordinates are 4 deep; properties a few more). */
  depth: 32,
  /** Wall-clock time of one file's reading in the worker. */
  timeoutMs: 120_000,
  /** Memory one reading may add to the process. */
  rssGrowthBytes: 1536 * 1024 * 1024,
  /** Problems listed one by one; past this only counted. */
  problemsListed: 1000,
  /** Property names listed per group for the field mapping. */
  propertyNames: 200,
} as const;
