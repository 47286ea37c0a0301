import styles from "../../pages/_components/calc/calc.css?inline";
import type { Locale } from "../../src/lib/i18n";
import { locale } from "../lib/i18n";
import { mountComponent } from "../lib/mount-component";
import { call, server } from "../lib/server";
import { adoptStyles } from "../lib/styles";
import { Localized } from "../lib/ui/i18n";
import type { MountedViewer, ViewerContext } from "../viewers/registry";
import { CalcView } from "./CalcView";

/**
 * The calculation view where the viewers' registry mounts it (data page, split screen, widgets, report
 * blocks), through the shared bridge to components; unmounted on destroy.
 */
export async function mount(host: HTMLElement, context: ViewerContext): Promise<MountedViewer> {
  adoptStyles(styles);
  const item = await call(server.data.get.get({ query: { id: context.dataId } }));
  return mountComponent(
    host,
    <Localized locale={locale() as Locale}>
      <CalcView dataId={context.dataId} script={item.script ?? ""} props={item.props} canModerate={context.canModerate} compact={context.compact} />
    </Localized>,
  );
}
