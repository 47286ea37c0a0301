import { mountComponent } from "../lib/mount-component";
import { DocViewer } from "./DocViewer";
import type { MountedViewer, ViewerContext } from "./registry";

/** The DOC entry of the viewer registry: the DocViewer component in the host it is given. */
export const mount = (host: HTMLElement, { dataId }: ViewerContext): MountedViewer => mountComponent(host, <DocViewer dataId={dataId} />);
