import type { ReactNode } from "react";
import type { DataType } from "../../db/schema/data";
import { hasViewer } from "./registry";
import { useViewer } from "./useViewer";

interface DataViewerProps {
  type: DataType;
  dataId: number;
  projectId: number;
  canModerate: boolean;
  /** What shows until the viewer is up, and for good when the type has no viewer yet. */
  children?: ReactNode;
}

/**
 * The data page's viewer: the viewer of the item's type in an element of its own, destroyed on
 * unmount; the placeholder the page rendered stays until it is up.
 */
export default function DataViewer({ type, dataId, projectId, canModerate, children }: DataViewerProps) {
  const { host, state } = useViewer(type, { dataId, projectId, canModerate, compact: false });
  return (
    <>
      {state.status !== "up" && children}
      {hasViewer(type) && <div ref={host} className="viewer__host" />}
    </>
  );
}
