import { mdiPlus } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { snack } from "../lib/snackbar";
import { useConfirm } from "../lib/ui/Confirm";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { AddVersionDialog } from "./AddVersionDialog";
import type { Version } from "./common";
import { EditVersionDialog } from "./EditVersionDialog";
import { type DocPageData, type DocStore, docStore } from "./store";
import { TypeTabs } from "./TypeTabs";
import { useDates } from "../lib/ui/dates";
import { VersionRow } from "./VersionRow";

type Open = { dialog: "add" } | { dialog: "edit"; version: Version } | null;
/** Where the focus goes once the list has been drawn again. */
type Focus = { edit: number } | "first" | null;

function Versions({ store }: { store: DocStore }) {
  useSignals();
  const { t, tf } = useT();
  const date = useDates().stamp;
  const [open, setOpen] = useState<Open>(null);
  const [focus, setFocus] = useState<Focus>(null);
  const [question, ask] = useConfirm();
  const firstSelect = useRef<HTMLButtonElement>(null);
  const focusedEdit = useRef<HTMLButtonElement>(null);
  const { canModerate } = store.data;
  const authorOf = (v: Version) => (v.authorId === null ? "" : (store.authors.value[v.authorId] ?? ""));

  useEffect(() => {
    if (focus === "first") firstSelect.current?.focus();
    else if (focus) focusedEdit.current?.focus();
    setFocus(null);
  }, [focus]);

  const remove = async (version: Version) => {
    if (!(await ask({ title: t("docs.view.removeTitle"), text: tf("docs.view.removeConfirm", { name: version.name }), confirm: t("docs.view.removeButton") }))) return;
    try {
      await store.removeVersion(version);
      setFocus("first");
      snack(t("docs.view.versionRemoved"), "success");
    } catch (error) {
      reportFailure(error);
    }
  };

  return (
    <>
      {canModerate && (
        <button type="button" className="btn side__add" id="add-version" onClick={() => setOpen({ dialog: "add" })}>
          <Icon path={mdiPlus} /> {t("docs.view.addVersion")}
        </button>
      )}
      <TypeTabs types={store.typesPresent.value} active={store.activeType.value} onChoose={store.chooseType} />
      <p id="versions-empty" className="docv-message" hidden={store.versions.value.length > 0}>
        {t("docs.emptyList")}
      </p>
      <ul className="versions" id="version-list" aria-label={t("docs.view.versionList")}>
        {store.shown.value.map((v, i) => (
          <VersionRow
            key={v.id}
            version={v}
            author={authorOf(v)}
            date={date(v.creationDate)}
            selected={v.id === store.selectedId.value}
            canModerate={canModerate}
            onSelect={() => v.id !== store.selectedId.value && store.select(v.id)}
            onEdit={() => setOpen({ dialog: "edit", version: v })}
            onRemove={() => void remove(v)}
            selectRef={i === 0 ? firstSelect : undefined}
            editRef={focus && focus !== "first" && focus.edit === v.id ? focusedEdit : undefined}
          />
        ))}
      </ul>
      {open?.dialog === "add" && <AddVersionDialog store={store} onClose={() => setOpen(null)} />}
      {open?.dialog === "edit" && (
        <EditVersionDialog
          store={store}
          version={open.version}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null);
            setFocus({ edit: open.version.id });
          }}
        />
      )}
      {question}
    </>
  );
}

/** The versions panel of the document page: the list, its type tabs, and a moderator's add, edit and remove. */
export default function VersionsPanel({ locale, data }: { locale: Locale; data: DocPageData }) {
  const [store] = useState(() => docStore(data));
  return (
    <Localized locale={locale}>
      <Versions store={store} />
    </Localized>
  );
}
