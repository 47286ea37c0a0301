import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { WidgetType } from "../../src/modules/widgets/limits";
import { SOURCE_TYPE } from "../../src/modules/widgets/limits";
import { call, server } from "../lib/server";
import { t, tf } from "../lib/i18n";
import { errorText } from "../lib/failures";
import { WIDGET_VIEWERS } from "./registry";

export interface NewWidget {
  type: WidgetType;
  dataId: number | null;
}

/** The data items of a type whose names hold `str`. */
const searchHits = (query: { projectId: number; dataType: (typeof SOURCE_TYPE)[WidgetType]; str: string }, signal: AbortSignal) =>
  call(server.data["search-by-type"].get({ query, fetch: { signal } }));

/** Types offered: those with a viewer, so MAP and SENSOR appear here once they register one. */
const offered = () => Object.keys(WIDGET_VIEWERS) as WidgetType[];

interface Props {
  projectId: number;
  onAdd(choice: NewWidget): Promise<void>;
  onClose(): void;
}

/** The add-widget dialog: a type, then a data item of the matching type found by name (not needed for a SENSOR). */
export function AddWidgetDialog({ projectId, onAdd, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [type, setType] = useState<WidgetType>(offered()[0]!);
  const [term, setTerm] = useState("");
  const [hits, setHits] = useState<Awaited<ReturnType<typeof searchHits>> | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [failure, setFailure] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current!;
    element.showModal();
    return () => element.close();
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchHits({ projectId, dataType: SOURCE_TYPE[type], str: term }, controller.signal)
        .then(setHits)
        .catch((error) => controller.signal.aborted || setFailure(errorText(error)));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [projectId, type, term]);

  const needsSource = type !== "SENSOR";
  const chosenHit = hits?.find((hit) => hit.id === chosen);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (needsSource && !chosen) return;
    setBusy(true);
    setFailure("");
    try {
      await onAdd({ type, dataId: chosen });
    } catch (error) {
      setFailure(errorText(error));
      setBusy(false);
    }
  }

  return (
    <dialog ref={dialog} className="medium widget-dialog" aria-labelledby={`${id}-title`} onCancel={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id={`${id}-title`}>{t("widget.addTitle")}</h2>
        <div className="field">
          <label htmlFor={`${id}-type`}>{t("widget.type")}</label>
          <select
            id={`${id}-type`}
            value={type}
            onChange={(event) => {
              setType(event.target.value as WidgetType);
              setChosen(null);
              setHits(null);
            }}
          >
            {offered().map((option) => (
              <option key={option} value={option}>
                {t(`widget.type.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-search`}>{t("widget.sourceSearch")}</label>
          <input id={`${id}-search`} type="search" autoComplete="off" value={term} onChange={(event) => setTerm(event.target.value)} />
        </div>
        <fieldset className="widget-sources">
          <legend>{t("widget.source")}</legend>
          {hits?.length === 0 && <p className="empty">{t("widget.sourceNone")}</p>}
          {hits?.map((hit) => (
            <label key={hit.id} className="widget-source">
              <input type="radio" name={`${id}-source`} value={hit.id} checked={chosen === hit.id} onChange={() => setChosen(hit.id)} />
              {hit.name}
            </label>
          ))}
        </fieldset>
        <p className="widget-chosen" aria-live="polite">{chosenHit ? tf("widget.sourceChosen", { name: chosenHit.name }) : ""}</p>
        <p className="field__error" aria-live="assertive">{failure}</p>
        <div className="dialog-actions">
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {t("common.cancel")}
          </button>
          <button type="submit" className="btn" disabled={busy || (needsSource && !chosen)}>
            {t("widget.add")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
