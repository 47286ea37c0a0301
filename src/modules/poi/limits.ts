/** Sizes a template, style or object may have. */
export const POI_LIMITS = {
  name: 255,
  icon: 2000,
  options: 2000,
  threshold: 1000,
  value: 4000,
  rules: 100,
  fields: 200,
  /** A geometry's JSON text: 100,000 vertices at about 40 characters each. */
  geometryChars: 4_000_000,
  /** Past this many objects in a view the map gets clusters, not objects. */
  maxFeatures: 5000,
  /** find-by-name answers at most this many. */
  searchLimit: 50,
  /** A file attached to an object (it goes into the editor's drive, whose quota counts it too). */
  attachedFileBytes: 100 * 1024 * 1024,
} as const;
