import { useEffect, useState } from "react";
import { OnDemand } from "../../lib/ui/OnDemand";
import type { MapTask } from "./store";

const loadPlace = () => import("./TaskPlace");

/**
 * A task's place on its map, for the task detail: its module, and OpenLayers with it, come only with a task that
 * has a place, and only in the browser (rendered on the server, the module's lazy load would suspend the page).
 */
export function TaskPlaceOnDemand(props: { task: MapTask; mapId: number | null; canModerate: boolean }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <OnDemand load={loadPlace} props={props} /> : null;
}
