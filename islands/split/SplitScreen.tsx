import { useEffect, useState } from "react";
import type { Locale } from "../../src/lib/i18n";
import { Localized, useT } from "../lib/ui/i18n";
import { SplitPane } from "./SplitPane";
import type { SplitItem, SplitState } from "./types";

const PARAMS = ["dataId", "secondDataId"] as const;

/** Keeps the address in step with the sides (dataId, secondDataId), so a reload shows the same. */
function remember(items: (SplitItem | null)[]) {
  const url = new URL(location.href);
  PARAMS.forEach((param, i) => (items[i] ? url.searchParams.set(param, String(items[i]!.id)) : url.searchParams.delete(param)));
  history.replaceState(null, "", url);
}

function SplitSides({ projectId, canModerate, sides }: SplitState) {
  const { t } = useT();
  const [items, setItems] = useState(() => sides.map((side) => side.item));
  // Why a side the address named is empty; gone once that side shows something else.
  const [notices, setNotices] = useState(() => sides.map((side) => (side.refused ? t("viewer.split.unavailable") : undefined)));
  const [opened, setOpened] = useState<number>();
  useEffect(() => remember(items), [items]);
  const choose = (side: number) => (item: SplitItem | null) => {
    setItems((now) => now.map((old, i) => (i === side ? item : old)));
    // An empty second side follows the first one, as a fresh picker.
    setNotices((now) => now.map((old, i) => (i === side || (side === 0 && !items[1]) ? undefined : old)));
    setOpened(item ? side : undefined);
  };
  const labels = [t("viewer.split.first"), t("viewer.split.second")];
  return (
    <div className="split">
      {labels.map((label, side) => (
        <SplitPane
          key={label}
          side={side}
          label={label}
          item={items[side]!}
          projectId={projectId}
          canModerate={canModerate}
          // The second side's picker lists the first item's related data.
          relatedTo={side === 1 ? (items[0] ?? undefined) : undefined}
          notice={notices[side]}
          focusTitle={opened === side}
          choose={choose(side)}
        />
      ))}
    </div>
  );
}

/**
 * Split screen (spec 2): two sides, each its item in the viewer of its type (compact) or, empty, the
 * picker; opening or closing an item keeps the address in step.
 */
export default function SplitScreen({ locale, ...state }: SplitState & { locale: Locale }) {
  return (
    <Localized locale={locale}>
      <SplitSides {...state} />
    </Localized>
  );
}
