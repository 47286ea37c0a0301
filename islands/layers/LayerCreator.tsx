import { type FormEvent, useRef, useState } from "react";
import { dataItemPath } from "../../src/lib/data-paths";
import { templateProblems } from "../../src/modules/layers/tile-url";
import type { CreatorProps } from "../data/creators";
import { CreatorForm, NameField } from "../data/CreatorForm";
import { ApiError } from "../lib/api";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import { CREATABLE_KINDS, type KindDraft } from "./kinds";
import { allowedTileServers } from "./XyzKindFields";

/** What is wrong with an XYZ draft's address, checked as layer/save checks it (the message key), or "". */
async function urlProblem(url: string): Promise<string> {
  const servers = await allowedTileServers();
  // Unknown servers (the list could not be read) leave the host to layer/save.
  const problem = templateProblems(url.trim(), new Set(servers)).find((p) => servers || p.code !== "layer.url.notAllowed");
  return problem ? (problem.code ?? "layer.url.invalid") : "";
}

/**
 * The LAYER list's create dialog: a name and the layer's kind from the kind registry (kinds.tsx), then that kind's
 * fields. Create saves the layer (layer/save), lets the kind finish (binding templates), and opens the layer.
 */
export function LayerCreator({ options, onClose }: CreatorProps) {
  const { t } = useT();
  const [name, setName] = useState("");
  const [kind, setKind] = useState(CREATABLE_KINDS[0]!);
  const [draft, setDraft] = useState<KindDraft>({ url: "", projection: "EPSG:3857", templateIds: [] });
  const [errors, setErrors] = useState<{ name?: string; url?: string }>({});
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const named = name.trim();
    const url = kind.kind === "XYZ" ? await urlProblem(draft.url) : "";
    setErrors({ name: named ? undefined : t("data.edit.nameRequired"), url: url ? t(url as "layer.url.invalid") : undefined });
    if (!named) return nameInput.current?.focus();
    if (url) return (form.elements.namedItem("url") as HTMLInputElement | null)?.focus();
    setFailure("");
    setSaving(true);
    try {
      const layer = await call(server.layer.save.post({ id: 0, project: { id: options.projectId }, name: named, type: kind.kind, ...kind.body(draft) }));
      await kind.afterSave?.(layer.id, draft);
      location.assign(dataItemPath(options.projectId, "LAYER", layer.id));
    } catch (error) {
      // The server's word on the address (a server allowed a moment ago and no more) goes under the field.
      if (error instanceof ApiError && error.details.some((d) => d.path === "body.url")) setErrors({ url: t(error.code === "tile_host_not_allowed" ? "layer.url.notAllowed" : "layer.url.invalid") });
      else setFailure(errorText(error));
      setSaving(false);
    }
  }

  const Fields = kind.Fields;
  return (
    <CreatorForm title={t("layer.create.title")} id="layer-create" submitLabel={t("layer.create.submit")} submitId="lc-submit" saving={saving} failure={failure} onSubmit={(event) => void submit(event)} onClose={onClose}>
      <NameField id="lc-name" value={name} error={errors.name} onChange={setName} inputRef={nameInput} />
      <fieldset className="lc-kinds">
        <legend>{t("layer.create.kind")}</legend>
        {CREATABLE_KINDS.map((entry) => (
          <label key={entry.kind}>
            <input type="radio" name="lc-kind" value={entry.kind} checked={entry === kind} onChange={() => setKind(entry)} />
            {t(`layer.kind.${entry.kind}`)}
          </label>
        ))}
      </fieldset>
      <Fields draft={draft} change={(next) => setDraft((old) => ({ ...old, ...next }))} error={errors.url} canAdmin={options.canAdmin ?? false} />
    </CreatorForm>
  );
}
