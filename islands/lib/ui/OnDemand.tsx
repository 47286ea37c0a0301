import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from "react";

/** A module whose default export is a component: a data type's creator, the chart wizard. */
export type ComponentModule<P> = () => Promise<{ default: ComponentType<P> }>;

/** Each module's lazy component, made once: a new one on every render would mount the dialog afresh. */
const loaded = new WeakMap<object, unknown>();

/**
 * Renders the component of `load`'s module, fetched the first time it is rendered (a dialog behind a button:
 * its code comes when the button is pressed); nothing shows until it has come. `load` must be the same function
 * on every render (a module-level constant or a registry's loader).
 */
export function OnDemand<P extends object>({ load, props }: { load: ComponentModule<P>; props: P }) {
  let Component = loaded.get(load) as LazyExoticComponent<ComponentType<P>> | undefined;
  if (!Component) {
    Component = lazy(load);
    loaded.set(load, Component);
  }
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
