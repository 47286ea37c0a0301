/**
 * The document page's state and actions, shared by its two islands (the viewer and the versions panel):
 * the versions, the one selected, the type tab, and a comparison shown instead of a version. Actions
 * call the server and bring the state up to date; a failure is thrown to the component that asked.
 * On the server each island renders from a store of its own, made from its props.
 */
import { computed, signal } from "@preact/signals-react";
import { call, server } from "../lib/server";
import type { Version, VersionType } from "./common";

/** What the page loads for its islands (pages/project/[projectId]/doc/[docId].astro). */
export interface DocPageData {
  dataId: number;
  canModerate: boolean;
  /** Newest first. */
  versions: Version[];
  /** Author names by user id. */
  authors: Record<string, string>;
  me: { id: number; name: string };
}

const TYPES: VersionType[] = ["PDF", "MS_DOC", "OTHER"];
/** Adding and changing a version may convert a large file first. */
const VERSION_TIMEOUT = 120_000;
const timeout = (ms: number) => ({ fetch: { signal: AbortSignal.timeout(ms) } });

export function createDocStore(data: DocPageData) {
  const versions = signal(data.versions);
  const authors = signal(data.authors);
  const selectedId = signal<number | undefined>(data.versions[0]?.id);
  const chosenType = signal<VersionType | undefined>(data.versions[0]?.type);
  /** Two Word versions compared in the viewer, instead of the selected one. */
  const comparing = signal<{ before: Version; after: Version } | null>(null);

  const typesPresent = computed(() => TYPES.filter((type) => versions.value.some((v) => v.type === type)));
  /** The type tab shown, when the versions are of more than one type. */
  const activeType = computed(() => {
    const types = typesPresent.value;
    if (types.length < 2) return undefined;
    return chosenType.value && types.includes(chosenType.value) ? chosenType.value : types[0];
  });
  const shown = computed(() => (activeType.value ? versions.value.filter((v) => v.type === activeType.value) : versions.value));
  const selected = computed(() => versions.value.find((v) => v.id === selectedId.value));
  const words = computed(() => versions.value.filter((v) => v.type === "MS_DOC"));

  function select(id: number | undefined) {
    selectedId.value = id;
    comparing.value = null;
  }

  function chooseType(type: VersionType) {
    chosenType.value = type;
    select(shown.value[0]?.id);
  }

  /** Uploads `file` (four minutes, as the spec allows) and adds it as the newest version, shown at once. */
  async function addVersion(file: File) {
    const [staged] = await call(server.files.save.post({ file }, timeout(240_000)));
    const version = await call(server.docs["add-doc-version"].post({ data: { id: data.dataId }, path: staged!.path }, timeout(VERSION_TIMEOUT)));
    authors.value = { ...authors.value, [data.me.id]: data.me.name };
    versions.value = [version, ...versions.value];
    chosenType.value = version.type;
    select(version.id);
  }

  async function saveVersion(id: number, name: string, description: string) {
    const saved = await call(server.docs["update-doc-version"].post({ id, name, description }, timeout(VERSION_TIMEOUT)));
    versions.value = versions.value.map((v) => (v.id === saved.id ? { ...v, name: saved.name, description: saved.description } : v));
  }

  async function removeVersion(gone: Version) {
    await call(server.docs["remove-doc-version"]({ id: gone.id }).post(undefined, timeout(VERSION_TIMEOUT)));
    versions.value = versions.value.filter((v) => v.id !== gone.id);
    // After the last version goes the list is read again from the server.
    if (!versions.value.length) versions.value = await call(server.docs["get-all-versions"]({ id: data.dataId }).get(timeout(30_000)));
    if (gone.id === selectedId.value || !selected.value) select(shown.value[0]?.id ?? versions.value[0]?.id);
  }

  function compare(before: Version, after: Version) {
    comparing.value = { before, after };
  }

  const endCompare = () => void (comparing.value = null);

  return {
    data,
    versions,
    authors,
    selectedId,
    comparing,
    typesPresent,
    activeType,
    shown,
    selected,
    words,
    select,
    chooseType,
    addVersion,
    saveVersion,
    removeVersion,
    compare,
    endCompare,
  };
}

export type DocStore = ReturnType<typeof createDocStore>;

let pageStore: DocStore | undefined;

/** The page's store: in the browser one for both islands (the first to hydrate makes it); on the server a fresh one per render. */
export function docStore(data: DocPageData): DocStore {
  if (import.meta.env.SSR) return createDocStore(data);
  if (pageStore?.data.dataId !== data.dataId) pageStore = createDocStore(data);
  return pageStore;
}
