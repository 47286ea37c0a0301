import { mdiArrowLeft, mdiCheck, mdiClose, mdiLinkVariant, mdiOpenInNew, mdiPencil } from "@mdi/js";
import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import { ISSUE_LIMITS } from "../../src/modules/issues/limits";
import { reportFailure } from "../lib/failures";
import { t as pageT } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import type { TaskDetailStore } from "./detail-store";
import { taskLink } from "./links";
import type { Issue } from "./types";

interface Props {
  detail: TaskDetailStore;
  issue: Issue;
  /** In the list page's panel: a back arrow, the task page's link and a close button; on the task's page a link back to the list. */
  panel: boolean;
  listHref: string;
  onClose?: () => void;
}

async function copyLink(issue: Issue) {
  try {
    await navigator.clipboard.writeText(new URL(taskLink(issue), location.origin).href);
    snack(pageT("issue.linkCopied"), "success");
  } catch (error) {
    reportFailure(error);
  }
}

/** The task's name (renamed in place: Enter saves, Escape or the cross cancels) and its tools. */
export function DetailHead({ detail, issue, panel, listHref, onClose }: Props) {
  useSignals();
  const { t } = useT();
  const title = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const [renaming, setRenaming] = useState<string>();
  const [taskHref, setTaskHref] = useState(`/project/${issue.project.id}/issue/${issue.id}`);
  const focusAsked = detail.focusAsked.value;

  useEffect(() => {
    if (focusAsked) title.current?.focus();
  }, [focusAsked]);
  // The share link keeps the page's layerPoi, read once in the browser.
  useEffect(() => setTaskHref(taskLink(issue)), [issue]);

  const closeRename = () => {
    setRenaming(undefined);
    requestAnimationFrame(() => title.current?.focus());
  };
  const start = () => {
    setRenaming(issue.name);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.select();
    });
  };

  return (
    <>
      <header className="td-head">
        {panel && (
          <button type="button" className="td-icon td-back" aria-label={t("issue.detailClose")} title={t("issue.detailClose")} onClick={onClose}>
            <Icon path={mdiArrowLeft} />
          </button>
        )}
        <h2 id="td-title" tabIndex={-1} ref={title} hidden={renaming !== undefined}>
          {issue.name}
        </h2>
        {renaming === undefined && (
          <button type="button" className="td-icon" aria-label={t("issue.rename")} title={t("issue.rename")} disabled={!issue.canEdit} onClick={start}>
            <Icon path={mdiPencil} />
          </button>
        )}
      </header>
      {renaming !== undefined && (
        <form
          className="td-rename"
          onSubmit={(event) => {
            event.preventDefault();
            const value = renaming.trim();
            if (!value) return input.current?.reportValidity();
            closeRename();
            detail.rename(value);
          }}
        >
          <label className="visually-hidden" htmlFor="td-name">
            {t("issue.name")}
          </label>
          <input
            id="td-name"
            name="name"
            ref={input}
            maxLength={ISSUE_LIMITS.name}
            required
            value={renaming}
            onChange={(event) => setRenaming(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Escape") return;
              event.preventDefault();
              closeRename();
            }}
          />
          <button type="submit" className="td-icon" aria-label={t("common.save")} title={t("common.save")}>
            <Icon path={mdiCheck} />
          </button>
          <button type="button" className="td-icon" aria-label={t("common.cancel")} title={t("common.cancel")} onClick={closeRename}>
            <Icon path={mdiClose} />
          </button>
        </form>
      )}
      <div className="td-tools">
        <button type="button" className="td-icon" aria-label={t("issue.copyLink")} title={t("issue.copyLink")} onClick={() => void copyLink(issue)}>
          <Icon path={mdiLinkVariant} />
        </button>
        {panel ? (
          <>
            <a className="td-icon" href={taskHref} aria-label={t("issue.open")} title={t("issue.open")}>
              <Icon path={mdiOpenInNew} />
            </a>
            <button type="button" className="td-icon td-close" aria-label={t("issue.detailClose")} title={t("issue.detailClose")} onClick={onClose}>
              <Icon path={mdiClose} />
            </button>
          </>
        ) : (
          <a className="td-icon" href={listHref} aria-label={t("issue.detailClose")} title={t("issue.detailClose")}>
            <Icon path={mdiClose} />
          </a>
        )}
      </div>
    </>
  );
}
