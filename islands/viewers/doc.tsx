import { DocViewer } from "./DocViewer";
import type { ViewerContext } from "./registry";

/** The DOC viewer (islands/viewers/registry.ts): the newest version of the document. */
export default function DocTypeViewer({ dataId }: ViewerContext) {
  return <DocViewer dataId={dataId} />;
}
