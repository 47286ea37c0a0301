import { signal } from "@preact/signals-react";
import { live } from "../../lib/live";
import { call, server } from "../../lib/server";
import type { MapController } from "../map-controller";
import { IssueLayer } from "./issue-layer";

const tasksOf = (mapId: number) => call(server.issue["get-issues-by-map"].get({ query: { mapId } }));
/** A task on a map as issue/get-issues-by-map answers it. */
export type MapTask = Awaited<ReturnType<typeof tasksOf>>[number];

/** The map's issue topic (src/modules/issues/map-live.ts). */
const topicOf = (mapId: number) => `/ws-broker/map/${mapId}/issues`;

/**
 * A map's tasks (spec 3, "Map issue"), made per map island: drawn on the issue layer once the adapter's map is
 * made, asked for again whenever the map's topic says they changed (several changes at once: one request), the
 * task clicked on, and the point a new task is being made at. A map not saved (the sandbox's, id 0) has none;
 * `own` is a task always shown (the task detail's, whose map may be gone).
 */
export function createMapTasks(mapId: number, own?: MapTask) {
  const tasks = signal<MapTask[]>(own ? [own] : []);
  const picked = signal<MapTask | null>(null);
  /** Where the task being made is, in degrees. */
  const placing = signal<[number, number] | null>(null);
  let layer: IssueLayer | undefined;
  let stop: (() => void) | undefined;
  let asking: Promise<void> | undefined;
  let again = false;
  const draw = () => layer?.show(tasks.value);
  async function load() {
    if (asking) {
      again = true;
      return asking;
    }
    asking = tasksOf(mapId)
      .then((list) => void (tasks.value = own && !list.some((task) => task.id === own.id) ? [own, ...list] : list), () => undefined)
      .then(draw);
    await asking;
    asking = undefined;
    if (again) {
      again = false;
      await load();
    }
  }
  return {
    tasks,
    picked,
    placing,
    attach(controller: MapController) {
      layer = new IssueLayer(controller.map, (task) => void (picked.value = task));
      draw();
      if (!mapId) return;
      live.start();
      const unsubscribe = live.subscribe(topicOf(mapId), (body) => {
        if ((body as { type?: string }).type === "MAP_ISSUES_CHANGED") void load();
      });
      // Asked once the topic is live (and again after a lost connection), so a task placed in between is not missed.
      const reconnected = (connected: boolean) => connected && void live.whenSubscribed(topicOf(mapId)).then(load);
      live.listeners.add(reconnected);
      stop = () => {
        unsubscribe();
        live.listeners.delete(reconnected);
      };
      void live.whenSubscribed(topicOf(mapId)).then(load);
    },
    detach() {
      stop?.();
      layer?.dispose();
      layer = undefined;
    },
    /** The map's menu: a task at this place (a place on a repeated world is taken back onto the first, to 7 decimals). */
    createAt([lon, lat]: [number, number]) {
      const round = (n: number) => Math.round(n * 1e7) / 1e7;
      placing.value = [round((((lon + 180) % 360) + 360) % 360 - 180), round(lat)];
    },
    /** The task dialog closed; a task it made shows at once (others hear of it on the topic). */
    placed(made: boolean) {
      placing.value = null;
      if (made) void load();
    },
  };
}

export type MapTasks = ReturnType<typeof createMapTasks>;
