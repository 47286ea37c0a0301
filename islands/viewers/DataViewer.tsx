import type { ReactNode } from "react";
import type { DataType } from "../../db/schema/data";
import { useViewer } from "./useViewer";

interface DataViewerProps {
  type: DataType;
  dataId: number;
  projectId: number;
  canModerate: boolean;
  /** What shows until the viewer is up, and for good when the type has no viewer yet. */
  children?: ReactNode;
  /** Handed to the viewer (ViewerContext.initial). */
  initial?: unknown;
}

/** The data page's viewer: the viewer of the item's type; the placeholder the page rendered stays until it has come. */
export default function DataViewer({ type, dataId, projectId, canModerate, children, initial }: DataViewerProps) {
  const state = useViewer(type);
  if (state.status !== "up") return children;
  return (
    <div className="viewer__host">
      <state.View dataId={dataId} projectId={projectId} canModerate={canModerate} compact={false} initial={initial} />
    </div>
  );
}
