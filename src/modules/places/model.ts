import { t } from "elysia";

const latitude = () => t.Numeric({ minimum: -90, maximum: 90 });
const longitude = () => t.Numeric({ minimum: -180, maximum: 180 });

/** places/search: the text, how many places at most, whole names only, and the map's view (west,south,east,north) for the geocoder. */
export const searchQuery = t.Object({
  q: t.String({ minLength: 1, maxLength: 200 }),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 50 })),
  exact: t.Optional(t.BooleanString()),
  bbox: t.Optional(t.String({ pattern: "^-?\\d+(\\.\\d+)?(,-?\\d+(\\.\\d+)?){3}$", maxLength: 100 })),
});

export const pointQuery = t.Object({ lat: latitude(), lon: longitude() });

/** A place as the search panel lists it: from the gazetteer (with its id) or the geocoder (id null). */
export const placeSchema = t.Object({
  id: t.Nullable(t.Integer()),
  name: t.String(),
  detail: t.String(),
  population: t.Integer(),
  lat: t.Number(),
  lon: t.Number(),
  source: t.Union([t.Literal("gazetteer"), t.Literal("geocoder")]),
});

export const nearestSchema = t.Object({ place: t.Nullable(placeSchema), metres: t.Nullable(t.Number()) });

/** places/load's answer: the places now in the gazetteer, and the lines skipped (the first 50 named with why). */
export const loadSchema = t.Object({
  places: t.Integer(),
  skipped: t.Integer(),
  broken: t.Array(t.Object({ line: t.Integer(), reason: t.String() })),
});
