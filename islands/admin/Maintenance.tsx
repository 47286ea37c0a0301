/**
 * /admin/update's maintenance actions: each says it is planned, then done with its result or failed.
 * The index rebuild is offered only where the full-text search is there to rebuild.
 */
import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { MessageKey } from "../../locales/en";
import type { Locale } from "../../src/lib/i18n";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { type Strings, Localized, useT } from "../lib/ui/i18n";
import { sizeFormat } from "../drive/format";
import "./update.css";

/** Removing unused files reads the whole data folder: up to ten minutes. */
const longCall = () => ({ fetch: { signal: AbortSignal.timeout(600_000) } });

/** Starts the full-text index rebuild and follows its status until it is done (or fails: an Error). */
async function rebuildIndex() {
  let status = await call(server["full-text-search"].reindex.post());
  const until = Date.now() + 600_000;
  while (status.state === "RUNNING" && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    status = await call(server["full-text-search"]["reindex-status"].get());
  }
  if (status.state !== "DONE") throw new Error(status.state);
}

interface Action {
  name: string;
  label: MessageKey;
  hint: MessageKey;
  planned: MessageKey;
  failed: MessageKey;
  /** Runs the action and says what it did. */
  run: (strings: Strings) => Promise<string>;
}

const ACTIONS: Action[] = [
  {
    name: "delete-unused",
    label: "admin.update.deleteUnused",
    hint: "admin.update.deleteUnusedHint",
    planned: "admin.update.deleteUnusedPlanned",
    failed: "admin.update.fileNotRemoved",
    run: async (strings) => {
      const { removed, bytes } = await call(server.update["delete-unused-files"].post(undefined, longCall()));
      return strings.tf("admin.update.deleteUnusedDone", { count: removed, size: sizeFormat(strings)(bytes) });
    },
  },
  {
    name: "reindex",
    label: "admin.update.reindex",
    hint: "admin.update.reindexHint",
    planned: "admin.update.reindexPlanned",
    failed: "admin.update.indexRebuildFailed",
    run: async ({ t }) => {
      await rebuildIndex();
      return t("admin.update.reindexDone");
    },
  },
  {
    name: "encrypt",
    label: "admin.update.encrypt",
    hint: "admin.update.encryptHint",
    planned: "admin.update.encryptPlanned",
    failed: "admin.update.encryptFailed",
    run: async ({ tf }) => tf("admin.update.encryptDone", { count: (await call(server.update["encrypt-messages"].post())).encrypted }),
  },
  {
    name: "default-category",
    label: "admin.update.defaultCategory",
    hint: "admin.update.defaultCategoryHint",
    planned: "admin.update.defaultCategoryPlanned",
    failed: "admin.update.defaultCategoryFailed",
    run: async ({ tf }) => {
      const { checked, created } = await call(server.update["set-default-category"].post());
      return tf("admin.update.defaultCategoryDone", { count: created, checked });
    },
  },
  {
    name: "add-tokens",
    label: "admin.update.addTokens",
    hint: "admin.update.addTokensHint",
    planned: "admin.update.addTokensPlanned",
    failed: "admin.update.addTokensFailed",
    run: async ({ tf }) => {
      const { checked, added } = await call(server.update["add-tokens"].post());
      return tf("admin.update.addTokensDone", { count: added, checked });
    },
  },
  {
    name: "remove-templates",
    label: "admin.update.removeTemplates",
    hint: "admin.update.removeTemplatesHint",
    planned: "admin.update.removeTemplatesPlanned",
    failed: "admin.update.removeTemplatesFailed",
    run: async ({ tf }) => tf("admin.update.removeTemplatesDone", { count: (await call(server.update["remove-mail-templates"].post())).removed }),
  },
];

function ActionRow({ action }: { action: Action }) {
  const strings = useT();
  const [busy, setBusy] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  async function start() {
    setBusy(true);
    snack(strings.t(action.planned), "info");
    try {
      snack(await action.run(strings), "success");
    } catch (error) {
      reportFailure(error, strings.t(action.failed));
    } finally {
      // The button was off while the action ran; the focus goes back to it.
      flushSync(() => setBusy(false));
      button.current?.focus();
    }
  }
  const hint = `update-${action.name}-hint`;
  return (
    <div className="update-action">
      <button ref={button} type="button" className="btn btn--ghost" disabled={busy} aria-describedby={hint} onClick={start}>
        {strings.t(action.label)}
      </button>
      <p id={hint} className="update-hint">
        {strings.t(action.hint)}
      </p>
    </div>
  );
}

function Actions() {
  const [searchable, setSearchable] = useState(false);
  useEffect(() => {
    call(server["full-text-search"]["reindex-status"].get(), { raw: true }).then(
      () => setSearchable(true),
      () => undefined,
    );
  }, []);
  return (
    <>
      {ACTIONS.filter((action) => action.name !== "reindex" || searchable).map((action) => (
        <ActionRow key={action.name} action={action} />
      ))}
    </>
  );
}

export default function Maintenance({ locale }: { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <Actions />
    </Localized>
  );
}
