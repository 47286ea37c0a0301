/** Limits of layers and their data, read by the model and the service. */
export const LAYER_LIMITS = {
  /** An XYZ layer's tile address template. */
  url: 2000,
  /** Layers asked for at once (layer/get-list/{ids}). */
  ids: 200,
  /** A ZWS buffer entry's key and value. */
  bufferKey: 200,
  bufferValue: 1_000_000,
} as const;
