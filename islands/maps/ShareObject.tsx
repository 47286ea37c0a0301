import { mdiShareVariant } from "@mdi/js";
import { snack } from "../lib/snackbar";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";

/** An object's share link (spec 3: `?layerPoi={id}` on its map's page) copied; a refused clipboard shows the link to copy by hand. */
export function ShareObject({ path }: { path: string }) {
  const { t } = useT();
  const share = async () => {
    const link = new URL(path, location.origin).href;
    try {
      await navigator.clipboard.writeText(link);
      snack(t("map.share.copied"), "success");
    } catch {
      snack(link);
    }
  };
  return (
    <button type="button" className="map__icon-button map__card-share" aria-label={t("map.share.object")} title={t("map.share.object")} onClick={() => void share()}>
      <Icon path={mdiShareVariant} />
    </button>
  );
}
