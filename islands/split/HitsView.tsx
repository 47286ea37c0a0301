import { useT } from "../lib/ui/i18n";
import { type Hit, HitList } from "./HitList";
import type { Hits } from "./useHits";

/** A list being asked for, as the picker shows it: loading, the items, `empty`, or the error. */
export function HitsView({ hits, label, empty, open }: { hits: Hits; label: string; empty: string; open: (hit: Hit) => void }) {
  const { t } = useT();
  if (hits.status === "idle") return null;
  if (hits.status === "loading") return <p>{t("common.loading")}</p>;
  if (hits.status === "failed") return <p className="docv-message docv-message--error">{hits.text}</p>;
  return hits.hits.length ? <HitList hits={hits.hits} label={label} open={open} /> : <p>{empty}</p>;
}
