/** Data items' limits, written once for the model, the services and the forms (no imports: islands may use them). */
export const LIMITS = {
  name: 255,
  description: 1024,
  shortDescription: 255,
  providerName: 255,
  providerDescription: 10_000,
  keyword: 255,
  keywords: 100,
  categories: 200,
  icon: 4096,
  content: 900_000,
  searchResults: 20,
  rowsPerPage: 100,
  criterion: 1000,
} as const;
