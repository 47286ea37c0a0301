import { useEffect, useState } from "react";
import styles from "../../pages/_components/calc/calc.css?inline";
import { reportFailure } from "../lib/failures";
import { call, server } from "../lib/server";
import { adoptStyles } from "../lib/styles";
import type { ViewerContext } from "../viewers/registry";
import { CalcView } from "./CalcView";

// This module comes only when a calculation is first shown, in the browser: its styles come with it.
adoptStyles(styles);

type Item = Awaited<ReturnType<typeof loadItem>>;
const loadItem = (dataId: number) => call(server.data.get.get({ query: { id: dataId } }));

/** The CALC viewer (islands/viewers/registry.ts): the calculation's script and saved inputs, then its view. */
export default function CalcViewer({ dataId, canModerate, compact }: ViewerContext) {
  const [item, setItem] = useState<Item | null>(null);
  useEffect(() => {
    let gone = false;
    loadItem(dataId).then((loaded) => gone || setItem(loaded), reportFailure);
    return () => {
      gone = true;
    };
  }, [dataId]);
  if (!item) return null;
  return <CalcView dataId={dataId} script={item.script ?? ""} props={item.props} canModerate={canModerate} compact={compact} />;
}
