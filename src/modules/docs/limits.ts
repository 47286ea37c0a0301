/** A document version's limits, for the model, the service and the forms. */
export const VERSION_LIMITS = { name: 255, description: 255 } as const;

/** How many documents one upload (docs/save-all, the upload wizard) may create. */
export const UPLOAD_BATCH_MAX = 100;
