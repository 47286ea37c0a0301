import { reportFailure } from "../../lib/failures";
import { t, tf } from "../../lib/i18n";
import { call, server } from "../../lib/server";
import { snack } from "../../lib/snackbar";

/** A distance as people say it, in their language's units: metres under a kilometre, then kilometres (one decimal under ten). */
function distanceText(metres: number, locale: string): string {
  const unit = (name: string, digits: number) => new Intl.NumberFormat(locale, { style: "unit", unit: name, maximumFractionDigits: digits });
  return metres < 1000 ? unit("meter", 0).format(metres) : unit("kilometer", metres < 10_000 ? 1 : 0).format(metres / 1000);
}

/** Spec 3, "Context menu": 'what is here' names the populated place nearest to `[lon, lat]`, and how far it is. */
export async function whatIsHere([lon, lat]: [number, number]) {
  try {
    const { place, metres } = await call(server.places.nearest.get({ query: { lat: Math.max(-90, Math.min(90, lat)), lon: ((((lon + 180) % 360) + 360) % 360) - 180 } }));
    const where = `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
    if (!place || metres === null) snack(tf("map.here.nothing", { where }));
    else snack(tf("map.here.near", { name: place.detail ? `${place.name} (${place.detail})` : place.name, distance: distanceText(metres, document.documentElement.lang || "en"), where }));
  } catch (error) {
    reportFailure(error, t("map.here.failed"));
  }
}
