import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useRef, useState } from "react";
import type { Wire } from "../../src/lib/responses";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { snack } from "../lib/snackbar";
import { Dialog } from "../lib/ui/Dialog";
import { useT } from "../lib/ui/i18n";
import { type CheckReport, checkFile, type Feature, type GroupChoice, groupItems, initialMapping, type Problem } from "./geojson-import";
import { fillable, ImportGroup, ImportProblems, type Template } from "./GeoJsonImportParts";
import type { MapStore } from "./store";


/** The GeoJSON import dialog (spec 3; ADMIN): a file, checked on the server; per geometry group a layer, a template and a field mapping; the features that cannot be imported as they are, each skipped or repaired; Next, then Import with a progress bar and Cancel. */
export function GeoJsonImportDialog({ store, onClose }: { store: MapStore; onClose: () => void }) {
  useSignals();
  const { t, tf } = useT();
  const layers = store.layers.value.filter((config) => config.layer.type === "LAYER_POI").map((config) => config.layer);
  const [templates, setTemplates] = useState<Map<number, Template[]>>(new Map());
  const [features, setFeatures] = useState<Feature[]>([]);
  const [report, setReport] = useState<CheckReport>();
  const [step, setStep] = useState<"file" | "groups">("file");
  const [choices, setChoices] = useState<Record<string, GroupChoice>>({});
  const [repair, setRepair] = useState<Set<number>>(new Set());
  const [progress, setProgress] = useState<{ done: number; total: number }>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState("");
  const abort = useRef<AbortController>(undefined);
  useEffect(() => {
    if (layers.length === 0) return;
    call(server["layer-poi-template"]["by-layers"].get({ query: { layerIds: layers.map((layer) => layer.id).join(",") } })).then(
      (bound) => setTemplates(new Map(bound.map((layer) => [layer.id, layer.poiTemplates as Template[]]))),
      (error) => setFailure(errorText(error)),
    );
    return () => abort.current?.abort();
  }, []);

  const read = async (file: File | undefined) => {
    setReport(undefined);
    setFailure("");
    if (!file) return;
    abort.current = new AbortController();
    setBusy(true);
    try {
      const [checked, text] = await Promise.all([checkFile(file, abort.current.signal), file.text()]);
      setFeatures((JSON.parse(text) as { features: Feature[] }).features);
      setReport(checked);
      setRepair(new Set());
      setChoices(Object.fromEntries(checked.groups.map((group) => [group.type, { mapping: {} }])));
    } catch (error) {
      if ((error as Error)?.name !== "AbortError") setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const templateOf = (choice: GroupChoice) => (choice.layerId ? templates.get(choice.layerId)?.find((x) => x.id === choice.templateId) : undefined);
  const choose = (type: string, properties: string[], change: Partial<GroupChoice>) =>
    setChoices((all) => {
      const next = { ...all[type], ...change };
      if ("layerId" in change) next.templateId = undefined;
      if ("layerId" in change || "templateId" in change) next.mapping = initialMapping(fillable(templateOf(next)), properties);
      return { ...all, [type]: next };
    });
  const ready = report?.groups.filter((group) => choices[group.type]?.layerId && choices[group.type]?.templateId) ?? [];

  const run = async () => {
    if (!report) return;
    const problems = new Map<number, Problem>(report.problems.map((problem) => [problem.index, problem]));
    const batches = ready.map((group) => groupItems(features, group.type, choices[group.type], fillable(templateOf(choices[group.type])), problems, repair));
    const total = batches.reduce((sum, items) => sum + items.length, 0);
    abort.current = new AbortController();
    setProgress({ done: 0, total });
    setBusy(true);
    let done = 0;
    try {
      for (const items of batches) {
        // One group per call: each is written whole or not at all, and Cancel stops before the next.
        const body = items as unknown as Wire<Parameters<(typeof server)["layer-poi"]["save-all"]["post"]>[0]>;
        await call(server["layer-poi"]["save-all"].post(body, { fetch: { signal: abort.current.signal } }));
        done += items.length;
        setProgress({ done, total });
      }
      for (const group of ready) store.reloadObjects(choices[group.type].layerId!);
      snack(t("map.import.done"), "success");
      onClose();
    } catch (error) {
      if ((error as Error)?.name === "AbortError") snack(tf("map.import.cancelled", { count: done }));
      else {
        snack(t("map.import.failed"), "error");
        setFailure(errorText(error));
      }
      setProgress(undefined);
    } finally {
      setBusy(false);
      for (const group of ready) store.reloadObjects(choices[group.type].layerId!);
    }
  };

  const cancel = () => (busy ? abort.current?.abort() : onClose());
  return (
    <Dialog title={t("map.import.title")} className="map__dialog map__import" id="geojson-import" onClose={onClose}>
      {step === "file" && (
        <div className="field">
          <label htmlFor="geojson-file">{t("map.import.file")}</label>
          <input id="geojson-file" type="file" accept=".geojson,.json,application/geo+json,application/json" disabled={busy} onChange={(event) => void read(event.target.files?.[0])} />
          {report && <p className="map__note" id="geojson-summary">{tf("map.import.summary", { count: report.total, groups: report.groups.length, problems: report.problemCount })}</p>}
        </div>
      )}
      {step === "groups" && report && (
        <>
          {report.groups.map((group) => (
            <ImportGroup
              key={group.type}
              group={group}
              choice={choices[group.type]}
              layers={layers}
              templates={templates}
              onChoose={(change) => choose(group.type, group.properties, change)}
              onMap={(mapping) => setChoices((all) => ({ ...all, [group.type]: { ...all[group.type], mapping } }))}
            />
          ))}
          {report.problemCount > 0 && <ImportProblems report={report} repair={repair} onRepair={setRepair} />}
        </>
      )}
      {progress && (
        <div className="map__import-progress">
          <progress id="geojson-progress" max={progress.total || 1} value={progress.done} aria-label={t("map.import.progress")} />
          <span>{tf("map.import.progressCount", { done: progress.done, total: progress.total })}</span>
        </div>
      )}
      {busy && !progress && <p className="map__note">{t("map.import.reading")}</p>}
      <p className="form-error" role="alert" hidden={!failure}>
        {failure}
      </p>
      <div className="dialog-actions">
        <button type="button" className="btn btn--ghost" onClick={cancel}>
          {t("common.cancel")}
        </button>
        {step === "file" ? (
          <button type="button" className="btn" disabled={!report || busy} onClick={() => setStep("groups")}>
            {t("map.import.next")}
          </button>
        ) : (
          <button type="button" className="btn" id="geojson-run" disabled={ready.length === 0 || busy} onClick={() => void run()}>
            {t("map.import.run")}
          </button>
        )}
      </div>
    </Dialog>
  );
}
