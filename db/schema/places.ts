import { index, integer, primaryKey, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * The offline gazetteer (src/modules/places): populated places with their names in English, Russian and Spanish,
 * seeded from Natural Earth on first start or replaced as a whole by an administrator's GeoNames dump.
 */
export const places = sqliteTable(
  "places",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    nameEn: text("name_en").notNull().default(""),
    nameRu: text("name_ru").notNull().default(""),
    nameEs: text("name_es").notNull().default(""),
    country: text("country").notNull().default(""),
    region: text("region").notNull().default(""),
    countryCode: text("country_code").notNull().default(""),
    population: integer("population").notNull().default(0),
    lat: real("lat").notNull(),
    lon: real("lon").notNull(),
  },
  (table) => [index("places_lat_lon").on(table.lat, table.lon)],
);

/**
 * Every name of a place folded (lib/text-fold.ts foldName), and each of its later word starts ("compostela" for
 * "santiago de compostela", `wordStart` true): a prefix search is one range scan of the primary key. The migration
 * makes it WITHOUT ROWID (drizzle cannot say so): the key is the table, which halves a GeoNames load's writes. The
 * gazetteer is only ever replaced whole (names deleted first), so no index on place_id is needed for the cascade.
 */
export const placeNames = sqliteTable(
  "place_names",
  {
    folded: text("folded").notNull(),
    placeId: integer("place_id")
      .notNull()
      .references(() => places.id, { onDelete: "cascade" }),
    wordStart: integer("word_start", { mode: "boolean" }).notNull().default(false),
  },
  (table) => [primaryKey({ columns: [table.folded, table.placeId, table.wordStart] })],
);
