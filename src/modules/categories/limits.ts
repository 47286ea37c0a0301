/** A category's limits (name and type after trimming), for the model, the service and the forms. */
export const CATEGORY_LIMITS = { name: 100, type: 100, description: 100_000 } as const;
