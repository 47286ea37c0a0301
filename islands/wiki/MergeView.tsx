/**
 * An edit conflict's merge: the version someone saved meanwhile beside the editor's text, part by part. Each
 * differing part offers theirs, mine or both; "Edit the merged text" puts the result in the editor, which
 * saves it on top of their version. The editor keeps what was typed until then.
 */
import { mdiCallMerge } from "@mdi/js";
import { useState } from "react";
import { Icon } from "../lib/ui/Icon";
import { useT } from "../lib/ui/i18n";
import { type Keep, mergedHtml, mergeSegments, type Segment } from "./merge";

interface Props {
  theirs: { version: number; name: string; html: string };
  mine: string;
  /** The version the editor began from. */
  base: string;
  onUse: (merged: string) => void;
}

const KEEPS: Keep[] = ["theirs", "mine", "both"];
const KEEP_LABEL = { theirs: "wiki.keepTheirs", mine: "wiki.keepYours", both: "wiki.keepBoth" } as const;

/** Blocks of article HTML as the editor made them (its own, or the server's sanitised). */
const Blocks = ({ blocks }: { blocks: string[] }) => {
  const { t } = useT();
  if (!blocks.length) return <p className="wiki__muted">{t("wiki.emptySide")}</p>;
  // biome-ignore lint/security/noDangerouslySetInnerHtml: both sides are the editor's schema output (the server's sanitised version read back through it, and the editor's own text)
  return <div className="wiki__content" dangerouslySetInnerHTML={{ __html: blocks.join("") }} />;
};

export function MergeView({ theirs, mine, base, onUse }: Props) {
  const { t, tf } = useT();
  const [segments, setSegments] = useState<Segment[]>(() => mergeSegments(theirs.html, mine, base));
  const choose = (index: number, keep: Keep) => setSegments((all) => all.map((segment, i) => (i === index && !("same" in segment) ? { ...segment, keep } : segment)));
  let part = 0;
  return (
    <section className="wiki__merge" id="wiki-merge" aria-labelledby="wiki-merge-title">
      <h3 id="wiki-merge-title">{t("wiki.conflictTitle")}</h3>
      <p>{tf("wiki.conflictText", { name: theirs.name, version: theirs.version })}</p>
      {segments.map((segment, index) => {
        if ("same" in segment) return <Blocks key={index} blocks={segment.same} />;
        part += 1;
        return (
          <fieldset key={index} className="wiki__hunk" data-keep={segment.keep}>
            <legend>{tf("wiki.conflictPart", { n: part })}</legend>
            <div className="wiki__sides">
              <section className="wiki__side" aria-label={tf("wiki.theirs", { version: theirs.version })}>
                <h4>{tf("wiki.theirs", { version: theirs.version })}</h4>
                <Blocks blocks={segment.theirs} />
              </section>
              <section className="wiki__side" aria-label={t("wiki.yours")}>
                <h4>{t("wiki.yours")}</h4>
                <Blocks blocks={segment.mine} />
              </section>
            </div>
            <div className="wiki__keep" role="radiogroup" aria-label={`${tf("wiki.conflictPart", { n: part })}: ${t("wiki.keepLabel")}`}>
              {KEEPS.map((keep) => (
                <label key={keep}>
                  <input type="radio" name={`wiki-keep-${index}`} value={keep} checked={segment.keep === keep} onChange={() => choose(index, keep)} />
                  {t(KEEP_LABEL[keep])}
                </label>
              ))}
            </div>
          </fieldset>
        );
      })}
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={() => onUse(mergedHtml(segments))}>
          <Icon path={mdiCallMerge} />
          {t("wiki.useMerged")}
        </button>
      </div>
    </section>
  );
}
