import type { DataType } from "../../db/schema/data";

/** An item one side of split screen shows, as the page checked it. */
export interface SplitItem {
  id: number;
  name: string;
  dataType: DataType;
  projectId: number;
}

/** One side: its item, or none; `refused` when the address named one the reader may not see (or no id at all). */
export interface SplitSide {
  item: SplitItem | null;
  refused: boolean;
}

/** What pages/split-screen.astro hands its script. */
export interface SplitState {
  /** The project an empty side searches: the first shown item's; null when neither side shows one. */
  projectId: number | null;
  canModerate: boolean;
  sides: [SplitSide, SplitSide];
}
