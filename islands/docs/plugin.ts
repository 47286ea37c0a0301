import { mdiFileDocumentOutline } from "@mdi/js";
import type { BrowserDataType } from "../data/plugin";

/** DOC: the newest version in the viewer; made by uploading files. */
export const docType: BrowserDataType = {
  type: "DOC",
  icon: mdiFileDocumentOutline,
  viewer: () => import("../viewers/doc"),
  creator: () => import("../data/upload-wizard"),
};
