import { AddObjectDialog } from "./AddObjectDialog";
import { DetailsDialog } from "./DetailsDialog";
import { DrawBar } from "./DrawBar";
import type { Editing as EditingStore } from "./edit-store";
import { ObjectDialog } from "./ObjectDialog";

/** Creating and editing objects on the map, loaded the first time any of it shows (islands/maps/MapViewer.tsx). */
export default function Editing({ editing, canEdit, projectId }: { editing: EditingStore; canEdit: boolean; projectId: number }) {
  return (
    <>
      <AddObjectDialog editing={editing} />
      <DrawBar editing={editing} />
      <ObjectDialog editing={editing} />
      <DetailsDialog editing={editing} canEdit={canEdit} projectId={projectId} />
    </>
  );
}
