import { describe, expect, test } from "bun:test";
import { parseCoordinates } from "./coordinates";

const near = (text: string, lat: number, lon: number) => {
  const hit = parseCoordinates(text);
  if (hit?.kind !== "point") throw new Error(`${text}: ${JSON.stringify(hit)}`);
  expect(hit.lat).toBeCloseTo(lat, 4);
  expect(hit.lon).toBeCloseTo(lon, 4);
  return hit;
};

describe("coordinates typed into the map search", () => {
  test("the spec's 'lat,lon', with or without spaces, and signs", () => {
    near("55.7558,37.6173", 55.7558, 37.6173);
    near(" 55.7558 , 37.6173 ", 55.7558, 37.6173);
    near("-33.45,-70.66", -33.45, -70.66);
    near("55,75", 55, 75);
    near("55.75 37.62", 55.75, 37.62);
  });

  test("decimal commas as ru and es write them", () => {
    near("55,75 37,62", 55.75, 37.62);
    near("55,75; 37,62", 55.75, 37.62);
    near("-34,6 -58,38", -34.6, -58.38);
  });

  test("longitude first is turned when the first number cannot be a latitude, and says so", () => {
    expect(near("135.5 34.7", 34.7, 135.5).swapped).toBe(true);
    expect(near("55.75 37.62", 55.75, 37.62).swapped).toBeUndefined();
    expect(parseCoordinates("200,100")).toBeNull();
  });

  test("degrees, minutes and seconds in the forms people paste", () => {
    near("55°45′21″N 37°37′4″E", 55.75583, 37.61778);
    near(`55°45'21"N, 37°37'04"E`, 55.75583, 37.61778);
    near("N 55°45'21\" E 37°37'04\"", 55.75583, 37.61778);
    near("37°37′4″E 55°45′21″N", 55.75583, 37.61778);
    near("40°25′0″N 3°42′13″W", 40.41667, -3.70361);
    near("33°26′S 70°40′O", -33.43333, -70.66667);
    near("55°45′С 37°37′В", 55.75, 37.61667);
    near("55 45 21 N 37 37 4 E", 55.75583, 37.61778);
    near("55.7558° N, 37.6173° E", 55.7558, 37.6173);
    near("55.75° 37.62°", 55.75, 37.62);
    near("55°45.35′N 37°37.07′E", 55.75583, 37.61783);
  });

  test("what is not a place stays a name", () => {
    for (const text of ["Moscow", "Málaga", "Ростов-на-Дону", "", "   ", "55", "1 2 3", "55°75′N 37°E", "55°N 37°N", "N55 37", "12a, 4"]) expect(parseCoordinates(text)).toBeNull();
  });

  test("a Plexus share link to a position or an object, only from this Plexus when asked", () => {
    expect(parseCoordinates("https://plexus.example/project/1/map/4?lat=55.75&lon=37.62&zoom=12")).toEqual({ kind: "point", lat: 55.75, lon: 37.62, zoom: 12 });
    expect(parseCoordinates("https://plexus.example/project/1/map/4?layerPoi=17")).toEqual({ kind: "object", id: 17 });
    expect(parseCoordinates("https://plexus.example/project/1/map/4?layerPoiId=17")).toEqual({ kind: "object", id: 17 });
    expect(parseCoordinates("https://evil.example/map?layerPoi=17", "https://plexus.example")).toBeNull();
    expect(parseCoordinates("https://plexus.example/map?layerPoi=0")).toBeNull();
    expect(parseCoordinates("https://plexus.example/map?lat=95&lon=1")).toBeNull();
    expect(parseCoordinates("javascript:alert(1)")).toBeNull();
  });
});
