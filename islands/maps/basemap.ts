import GeoJSON from "ol/format/GeoJSON";
import VectorSource from "ol/source/Vector";
import { feature } from "topojson-client";
// Natural Earth 1:110m countries: a hashed static file with the immutable cache, fetched when a map is made, never inlined in a bundle.
import countriesUrl from "world-atlas/countries-110m.json?url";

type Ring = GeoJSON.Position[];

/**
 * A ring that crosses the antimeridian (Russia, Fiji) jumps from 180° to -180° and back, which would draw a band
 * across the world; shifted by whole turns it stays continuous, and the map's repeated worlds show the part past
 * 180°. A ring around a pole (Antarctica) jumps once and is left as it is.
 */
function continuous(ring: Ring): Ring {
  const jumps = ring.filter((point, i) => i > 0 && Math.abs(point[0]! - ring[i - 1]![0]!) > 180).length;
  if (jumps === 0 || jumps % 2 === 1) return ring;
  let shift = 0;
  let previous = ring[0]![0]!;
  return ring.map(([lon, lat]) => {
    const step = lon! + shift - previous;
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    previous = lon! + shift;
    return [previous, lat!];
  });
}

function polygonsContinuous(geometry: GeoJSON.Geometry) {
  if (geometry.type === "Polygon") geometry.coordinates = geometry.coordinates.map(continuous);
  if (geometry.type === "MultiPolygon") geometry.coordinates = geometry.coordinates.map((polygon) => polygon.map(continuous));
}

/** The country shapes of the offline basemap, decoded from world-atlas' TopoJSON into map features (EPSG:3857). */
export async function countriesSource(): Promise<VectorSource> {
  const topology = (await (await fetch(countriesUrl)).json()) as Parameters<typeof feature>[0];
  const countries = feature(topology, "countries") as unknown as GeoJSON.FeatureCollection;
  for (const country of countries.features) polygonsContinuous(country.geometry);
  const features = new GeoJSON().readFeatures(countries, { featureProjection: "EPSG:3857" });
  return new VectorSource({ features });
}

/** The basemap's colours: land on the canvas, the sea as the map's background (also painted under an exported image). */
export const BASEMAP = { land: "#eceff1", border: "#90a4ae", sea: "#d6e6f2" } as const;
