import { useEffect, useState } from "react";
import { TILE_PROJECTIONS, type TileProjection } from "../../src/modules/layers/kinds";
import { LAYER_LIMITS } from "../../src/modules/layers/limits";
import { call, server } from "../lib/server";
import { useT } from "../lib/ui/i18n";
import type { KindFieldsProps } from "./kinds";

/** The tile servers an administrator allowed, asked once per page; undefined when they could not be asked (layer/save still checks). */
let allowed: Promise<string[] | undefined> | undefined;
export const allowedTileServers = () => (allowed ??= call(server.layer["tile-servers"].get()).catch(() => undefined));

/** An XYZ layer's tile address template and projection, with the servers it may be on. */
export function XyzKindFields({ draft, change, error }: KindFieldsProps) {
  const { t } = useT();
  const [servers, setServers] = useState<string[]>();
  useEffect(() => void allowedTileServers().then(setServers), []);
  return (
    <>
      <div className="field">
        <label htmlFor="lc-url">{t("layer.create.url")}</label>
        <input
          id="lc-url"
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          maxLength={LAYER_LIMITS.url}
          placeholder="https://tiles.example.org/{z}/{x}/{y}.png"
          aria-describedby="lc-url-hint lc-url-error"
          aria-invalid={Boolean(error)}
          value={draft.url}
          onChange={(event) => change({ url: event.target.value })}
        />
        <span className="lc-hint" id="lc-url-hint">
          {servers && (servers.length ? `${t("layer.create.servers")} ${servers.join(", ")}` : t("layer.create.noServers"))}
        </span>
        <span className="field__error" id="lc-url-error" aria-live="polite">
          {error}
        </span>
      </div>
      <div className="field">
        <label htmlFor="lc-projection">{t("layer.create.projection")}</label>
        <select id="lc-projection" value={draft.projection} onChange={(event) => change({ projection: event.target.value as TileProjection })}>
          {TILE_PROJECTIONS.map((projection) => (
            <option key={projection} value={projection}>
              {projection}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
