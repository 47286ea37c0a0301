import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { dataTableSource } from "../../../src/modules/poi/rules/values";
import { ApiError } from "../../lib/api";
import { errorText, reportFailure } from "../../lib/failures";
import { call, server } from "../../lib/server";
import { useT } from "../../lib/ui/i18n";
import type { PoiObject } from "./edit-store";
import { type Entries, entriesOf, propertiesOf, readEntries, type Template } from "./form-values";
import { FieldInput } from "./FieldInput";

interface Props {
  /** The form element's id, which a dialog's submit button names. */
  formId: string;
  template: Template;
  layerId: number;
  /** The shape to save (GeoJSON text in degrees). */
  geometry: string;
  /** The object edited, with the version it was read at; none: a new object. */
  object?: PoiObject;
  readOnly: boolean;
  onSaved: (object: PoiObject) => void;
  /** After a stale save: load the newer version (what the person typed stays until they do). */
  onReload?: () => void;
  children?: ReactNode;
}

/** The allowed values of each DATA_TABLE field, from table/get-options. */
function useTableOptions(template: Template) {
  const [options, setOptions] = useState<Record<number, string[]>>({});
  useEffect(() => {
    for (const field of template.fields) {
      const source = field.type === "DATA_TABLE" ? dataTableSource(field.options) : undefined;
      if (!source) continue;
      call(server.table["get-options"].get({ query: { tableId: source.tableId, header: source.header } })).then(
        (list) => setOptions((known) => ({ ...known, [field.id]: list })),
        () => undefined,
      );
    }
  }, [template]);
  return options;
}

/** The server's refusals of single values, by field id ("body.properties.3.value" names the fourth property sent). */
function problemsFrom(error: ApiError, sent: { field: { id: number } }[]): Record<number, string> {
  const problems: Record<number, string> = {};
  for (const detail of error.details) {
    const at = /^body\.properties\.(\d+)\.value$/.exec(detail.path) ?? /^body\.properties\.field\.(\d+)$/.exec(detail.path);
    if (!at || !detail.message.startsWith("poi.value.")) continue;
    const id = detail.path.includes(".field.") ? Number(at[1]) : sent[Number(at[1])]?.field.id;
    if (id) problems[id] = detail.message;
  }
  return problems;
}

/**
 * An object's attribute fields with the server's own rules checked as they are typed (required fields, numbers,
 * options, links, dates; computed fields and the combined name worked out), saved through layer-poi/save with
 * the version read. A stale save (409) keeps everything typed and offers the newer version.
 */
export function ObjectForm({ formId, template, layerId, geometry, object, readOnly, onSaved, onReload, children }: Props) {
  const { t, tf, locale } = useT();
  const [entries, setEntries] = useState<Entries>(() => (object ? entriesOf(template, object.properties) : {}));
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<{ text: string; stale: boolean } | null>(null);
  const [saving, setSaving] = useState(false);
  const tableOptions = useTableOptions(template);
  const read = readEntries(template, entries, locale, tableOptions);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (readOnly || saving) return;
    const first = template.fields.find((field) => read.problems[field.id]);
    if (first) {
      (event.currentTarget.elements.namedItem(`poi-field-${first.id}`) as HTMLElement | null)?.focus();
      return;
    }
    const properties = propertiesOf(template, entries);
    setSaving(true);
    setFailure(null);
    try {
      const body = { id: object?.id, version: object?.version, layer: { id: layerId }, template: { id: template.id }, geometry, properties };
      onSaved(await call(server["layer-poi"].save.post(body)));
    } catch (error) {
      if (!(error instanceof ApiError)) return reportFailure(error);
      setRefused(problemsFrom(error, properties));
      const geometryProblem = error.details.find((detail) => detail.path.startsWith("body.geometry"));
      setFailure({ text: geometryProblem ? tf("map.object.badShape", { reason: geometryProblem.message }) : errorText(error), stale: error.code === "stale_version" });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form id={formId} className="map-object__form" noValidate onSubmit={submit}>
      <p className="map-object__name">{tf("map.object.name", { name: read.name })}</p>
      {template.fields.map((field) => (
        <FieldInput
          key={field.id}
          field={field}
          entry={entries[field.id]}
          readOnly={readOnly}
          problem={(checked ? read.problems[field.id] : undefined) ?? refused[field.id]}
          computed={read.computed.get(field.id)}
          tableOptions={tableOptions[field.id]}
          onChange={(entry) => {
            setEntries((known) => ({ ...known, [field.id]: entry }));
            setRefused(({ [field.id]: _, ...rest }) => rest);
          }}
        />
      ))}
      {failure && (
        <div className="map-object__failure" role="alert">
          <p>{failure.text}</p>
          {failure.stale && onReload && (
            <button type="button" className="btn btn--ghost" onClick={onReload}>
              {t("map.object.reload")}
            </button>
          )}
        </div>
      )}
      {children}
    </form>
  );
}
