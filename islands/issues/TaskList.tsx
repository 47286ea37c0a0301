import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { Localized, useT } from "../lib/ui/i18n";
import { CreateTaskDialog, type TaskChoices } from "./CreateTaskDialog";
import { createTaskDetail } from "./detail-store";
import { templateFields } from "./field-text";
import { createTaskList, type TaskListState } from "./list-store";
import { listLinkWith } from "./links";
import { ListEnd } from "./ListEnd";
import { TaskBoard } from "./TaskBoard";
import { TaskDetail } from "./TaskDetail";
import { TaskFilters } from "./TaskFilters";
import { TaskListHead } from "./TaskListHead";
import { TaskRows } from "./TaskRows";
import "./issues.css";

const VIEW_KEY = "plexus.tasks.view";
/** The template fields shown as columns, per project. */
const columnsKey = (projectId: number) => `plexus.tasks.columns.${projectId}`;
const COLLAPSED_KEY = "plexus.tasks.detailCollapsed";
/** Spec 2: the detail panel is expanded by default above 1100 px and stays open on selection from 1060 px. */
const WIDE = "(min-width: 1101px)";
const SIDE = "(min-width: 1060px)";

/** The column names kept for a project; anything unreadable is none. */
function storedColumns(key: string): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

interface Props extends TaskListState {
  locale: Locale;
  choices: TaskChoices;
  /** The task picked in the address (?issue=), shown beside the list once the page runs. */
  selected: number | null;
}

/**
 * The task list page (spec 2, "Tasks": issue-list): filters and sort, infinite scroll of 10, the list or
 * the board of the same tasks, the creation dialog, and the detail panel beside the list (an overlay on
 * narrower screens).
 */
export default function TaskList({ locale, ...props }: Props) {
  return (
    <Localized locale={locale}>
      <Tasks {...props} />
    </Localized>
  );
}

function Tasks({ choices, selected, ...state }: Omit<Props, "locale">) {
  useSignals();
  const { t } = useT();
  const [stores] = useState(() => {
    const detail = createTaskDetail(choices.members);
    return { detail, list: createTaskList(state, detail) };
  });
  const { list, detail } = stores;
  const [view, setView] = useState<"list" | "board">("list");
  const [collapsed, setCollapsed] = useState(false);
  const [hasDetail, setHasDetail] = useState(false);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [fields] = useState(() => templateFields(choices.templates));
  const [columns, setColumns] = useState<string[]>([]);
  const links = useRef(new Map<number, HTMLAnchorElement>());
  const shownId = detail.shown.value?.id;

  const collapse = (next: boolean) => {
    setCollapsed(next);
    localStorage.setItem(COLLAPSED_KEY, String(next));
  };
  const changeColumns = (next: string[]) => {
    setColumns(next);
    localStorage.setItem(columnsKey(state.projectId), JSON.stringify(next));
  };
  const changeView = (next: "list" | "board") => {
    setView(next);
    localStorage.setItem(VIEW_KEY, next);
  };

  async function select(id: number) {
    try {
      await detail.open(id);
    } catch (error) {
      reportFailure(error);
      return;
    }
    setHasDetail(true);
    history.replaceState(null, "", listLinkWith(id));
    // From 1060 px the panel stays open beside the list; below, it is an overlay over it.
    if (matchMedia(SIDE).matches) collapse(false);
    detail.focusAsked.value += 1;
  }

  function close() {
    const id = detail.shown.value?.id;
    detail.clear();
    setHasDetail(false);
    history.replaceState(null, "", listLinkWith(undefined));
    if (id !== undefined) links.current.get(id)?.focus();
  }

  detail.hooks.removed = (id) => {
    list.removed(id);
    close();
  };

  useEffect(() => {
    setView(localStorage.getItem(VIEW_KEY) === "board" ? "board" : "list");
    setColumns(storedColumns(columnsKey(state.projectId)));
    setCollapsed(!matchMedia(WIDE).matches || localStorage.getItem(COLLAPSED_KEY) === "true");
    if (selected) void select(selected);
  }, []);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      // The detail is an overlay below 1060 px and over the board: Escape closes it there.
      if (event.key === "Escape" && hasDetail && (view === "board" || !matchMedia(SIDE).matches) && !(event.target as Element).closest?.("dialog")) close();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  });

  const linkRef = (id: number, link: HTMLAnchorElement | null) => (link ? links.current.set(id, link) : links.current.delete(id));
  const layout = ["tl-layout", view === "board" && "is-board", collapsed && "detail-collapsed", hasDetail && "has-detail"].filter(Boolean).join(" ");

  return (
    <>
      <TaskListHead
        projectId={state.projectId}
        total={list.total.value}
        view={view}
        onView={changeView}
        filtersOpen={filtersOpen}
        onFilters={() => setFiltersOpen(!filtersOpen)}
        onCreate={() => setCreating(true)}
      />
      <div className={layout}>
        <TaskFilters
          list={list}
          members={choices.members}
          categories={choices.categories}
          open={filtersOpen}
          fields={fields}
          columns={view === "list" ? { chosen: columns, onChange: changeColumns } : undefined}
        />
        <section className="tl-main" aria-label={t("issue.title")}>
          <TaskRows
            list={list}
            hidden={view !== "list"}
            selected={shownId}
            onSelect={(id) => void select(id)}
            linkRef={linkRef}
            columns={fields.filter((f) => columns.includes(f.name))}
            members={choices.members}
          />
          {view === "board" ? <TaskBoard list={list} onSelect={(id) => void select(id)} linkRef={linkRef} /> : <ListEnd list={list} view={view} />}
        </section>
        <TaskDetail detail={detail} categories={choices.categories} listHref={`/project/${state.projectId}/issue`} panel={{ collapsed, onCollapse: collapse, onClose: close }} />
      </div>
      {creating && (
        <CreateTaskDialog
          projectId={state.projectId}
          choices={choices}
          onClose={() => setCreating(false)}
          onCreated={(issue) => {
            setCreating(false);
            list.added(issue);
            void select(issue.id);
          }}
        />
      )}
    </>
  );
}
