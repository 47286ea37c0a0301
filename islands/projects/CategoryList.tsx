import { mdiFolderOutline, mdiPlus } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useRef, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { useConfirm } from "../lib/ui/Confirm";
import { Icon } from "../lib/ui/Icon";
import { Localized, useT } from "../lib/ui/i18n";
import { CategoryCard, type DragProps, MoveTools } from "./CategoryCard";
import { CategoryForm, CopyForm } from "./CategoryDialogs";
import { type Entry, entriesOf, entryKey, orderOf, withCopy, withList, without } from "./category-entries";
import { categoryForm, type ListedCategory } from "./home-store";
import { useSortable } from "./useSortable";

interface Props {
  projectId: number;
  categories: ListedCategory[];
  admin: boolean;
}

type Manage = {
  /** A list's new order on screen; `saved` once a move is over (a failed save shows `before` again). */
  show: (type: string | null, list: Entry[] | ListedCategory[]) => void;
  saved: (type: string | null, list: Entry[] | ListedCategory[], before: Entry[] | ListedCategory[]) => void;
  edit: (category: ListedCategory) => void;
  copy: (category: ListedCategory) => void;
  remove: (category: ListedCategory) => void;
};

/** One sortable list of category cards: a folder's. */
function FolderCards({ projectId, type, categories, manage }: { projectId: number; type: string; categories: ListedCategory[]; manage?: Manage }) {
  const sort = useSortable(categories, (c) => String(c.id), (next) => manage?.show(type, next), (next, before) => manage?.saved(type, next, before));
  return (
    <ol className="cfolder__list sortable">
      {categories.map((category) => (
        <CategoryCard key={category.id} projectId={projectId} category={category} dragging={sort.isDragging(category)}
          drag={manage && sort.itemProps(category)} actions={manage && { move: (up) => sort.move(category, up), edit: () => manage.edit(category), copy: () => manage.copy(category), remove: () => manage.remove(category) }} />
      ))}
    </ol>
  );
}

function Folder({ projectId, type, categories, manage, drag, dragging, move }: { projectId: number; type: string; categories: ListedCategory[]; manage?: Manage; drag?: DragProps; dragging: boolean; move: (up: boolean) => void }) {
  const { tf } = useT();
  const size = tf("category.folderSize", { count: categories.length });
  return (
    <li className={dragging ? "cfolder is-dragging" : "cfolder"} data-folder={type} draggable={manage ? true : undefined} {...drag}>
      <details open>
        <summary>
          <Icon path={mdiFolderOutline} />
          <span className="cfolder__name">{type}</span>
          <span className="badge" title={size}>
            {categories.length}
            <span className="visually-hidden"> {size}</span>
          </span>
        </summary>
        <FolderCards projectId={projectId} type={type} categories={categories} manage={manage} />
      </details>
      {manage && (
        <div className="tools">
          <MoveTools move={move} what={type} />
        </div>
      )}
    </li>
  );
}

/** The project home's categories: untyped ones as cards, typed ones in folders; an administrator reorders, creates, edits, copies and deletes. */
function Categories({ projectId, categories, admin }: Props) {
  useSignals();
  const { t, tf } = useT();
  const [entries, setEntries] = useState(() => entriesOf(categories));
  const [copying, setCopying] = useState<ListedCategory | null>(null);
  const [question, ask] = useConfirm();
  const latest = useRef(entries);
  latest.current = entries;
  const types = [...new Set(categories.flatMap((c) => (c.type ? [c.type] : [])))];

  const manage: Manage | undefined = admin
    ? {
        show: (type, list) => setEntries((now) => withList(now, type, list)),
        saved: async (type, list, before) => {
          try {
            await call(server.category["save-all"].post(orderOf(withList(latest.current, type, list))));
            snack(t("category.orderSaved"), "success");
          } catch (error) {
            setEntries((now) => withList(now, type, before));
            reportFailure(error, t("project.errorWritingData"));
          }
        },
        edit: (category) => (categoryForm.value = { category }),
        copy: setCopying,
        remove: async (category) => {
          if (!(await ask({ title: t("project.confirmTitle"), text: tf("category.deleteConfirm", { name: category.name }), confirm: t("project.delete") }))) return;
          try {
            await call(server.category.delete.post({}, { query: { id: category.id } }));
            setEntries((now) => without(now, category.id));
            snack(t("category.deleted"), "success");
          } catch (error) {
            reportFailure(error);
          }
        },
      }
    : undefined;
  const sort = useSortable(entries, entryKey, (next) => manage?.show(null, next), (next, before) => manage?.saved(null, next, before));
  const copied = (original: ListedCategory, copy: { id: number; name: string }) => {
    setEntries((now) => withCopy(now, original, { ...original, ...copy }));
    setCopying(null);
    snack(t("category.copied"), "success");
  };

  return (
    <section aria-labelledby="categories-title">
      <div className="toolbar">
        <h2 id="categories-title">{t("project.categories")}</h2>
        {admin && (
          <button type="button" className="btn" onClick={() => (categoryForm.value = {})}>
            <Icon path={mdiPlus} />
            {t("category.create")}
          </button>
        )}
      </div>
      <p className="empty" id="categories-empty" hidden={entries.length > 0}>
        {t("project.noCategories")}
      </p>
      <ol className="cats__list sortable" id="category-list">
        {entries.map((entry) =>
          "category" in entry ? (
            <CategoryCard key={entryKey(entry)} projectId={projectId} category={entry.category} dragging={sort.isDragging(entry)} drag={manage && sort.itemProps(entry)}
              actions={manage && { move: (up) => sort.move(entry, up), edit: () => manage.edit(entry.category), copy: () => manage.copy(entry.category), remove: () => manage.remove(entry.category) }} />
          ) : (
            <Folder key={entryKey(entry)} projectId={projectId} type={entry.type} categories={entry.categories} manage={manage} dragging={sort.isDragging(entry)}
              drag={manage && sort.itemProps(entry)} move={(up) => sort.move(entry, up)} />
          ),
        )}
      </ol>
      {categoryForm.value && <CategoryForm projectId={projectId} category={categoryForm.value.category} types={types} onClose={() => (categoryForm.value = null)} />}
      {copying && <CopyForm original={copying} onCopied={(copy) => copied(copying, copy)} onClose={() => setCopying(null)} />}
      {question}
    </section>
  );
}

export default function CategoryList({ locale, ...props }: Props & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Categories {...props} />
    </Localized>
  );
}
