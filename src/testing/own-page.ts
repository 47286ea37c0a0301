/**
 * The headers the Plexus page's own script sends with every /api call: its Origin and the proof
 * header of src/lib/cross-site.ts. Tests, e2e seeding and benchmarks that call /api directly add them.
 */
export const ownPageHeaders = (base: string) => ({ origin: new URL(base).origin, "x-requested-with": "plexus" });
