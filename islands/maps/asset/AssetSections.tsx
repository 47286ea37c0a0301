import { useEffect, useState } from "react";
import { reportFailure } from "../../lib/failures";
import { AttachedDataList } from "./AttachedDataList";
import { AttachedFilesList } from "./AttachedFilesList";
import { createAsset } from "./asset-store";
import { ObjectComments } from "./ObjectComments";
import { RelatedTasks } from "./RelatedTasks";
import "./asset.css";

/** The object card's asset part (spec 3's details dialog): its documents and data, its files, its tasks and its comments. */
export function AssetSections({ objectId, layerId, projectId, canEdit, onChanged }: { objectId: number; layerId: number; projectId: number; canEdit: boolean; onChanged: () => void }) {
  const [asset] = useState(() => createAsset(objectId, layerId, onChanged));
  useEffect(() => void asset.load().catch(reportFailure), [asset]);
  return (
    <div className="asset">
      <AttachedDataList asset={asset} projectId={projectId} canEdit={canEdit} />
      <AttachedFilesList asset={asset} canEdit={canEdit} />
      <RelatedTasks asset={asset} projectId={projectId} />
      <ObjectComments objectId={objectId} />
    </div>
  );
}
