import type { DataTypePlugin } from "../data/plugin";
import { tileCacheOf } from "./tiles";

/** LAYER: its kind and tile address in the layers feature's own row (layer/save); data/save takes none of its content. */
export const layerType: DataTypePlugin = {
  type: "LAYER",
  content: {},
  removeForever: (ctx, _tx, item) => ({ files: 0, afterCommit: () => void tileCacheOf(ctx).dropLayer(item.id) }),
};
