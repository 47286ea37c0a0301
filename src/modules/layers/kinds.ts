/** The layer kinds and tile projections, without drizzle: the browser reads them too. */
export const LAYER_KINDS = ["ZWS", "WMS", "LAYER_POI", "XYZ"] as const;
export type LayerKind = (typeof LAYER_KINDS)[number];

/** An XYZ layer's tile projection; EPSG:3857 unless said. */
export const TILE_PROJECTIONS = ["EPSG:3857", "EPSG:4326", "EPSG:3395"] as const;
export type TileProjection = (typeof TILE_PROJECTIONS)[number];
