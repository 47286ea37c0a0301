/** A project's limits, written once for the model, the service and the forms (no imports: islands may use them). */
export const PROJECT_LIMITS = { name: 50, description: 255, category: 100, search: 200 } as const;

/** The roadmap's: its legend, and each step's title, description, date tag and tooltip. */
export const ROADMAP_LIMITS = { legend: 2000, steps: 100, title: 200, description: 2000, tag: 100, tooltip: 500 } as const;
