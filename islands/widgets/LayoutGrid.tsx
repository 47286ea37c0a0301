import type { ReactNode } from "react";
import { GridLayout, type Layout, useContainerWidth, verticalCompactor } from "react-grid-layout";
import { GRID } from "../../src/modules/widgets/limits";

/**
 * react-grid-layout behind one component: the grid measures the element this component owns and
 * lays `children` (keyed by their cells' `i`) out on 12 columns; in edit mode they are dragged by the
 * title bar and resized from the corner.
 */
export function LayoutGrid({ className, layout, editing, onLayoutChange, children }: { className: string; layout: Layout; editing: boolean; onLayoutChange: (next: Layout) => void; children: ReactNode }) {
  const { width, containerRef, mounted } = useContainerWidth();
  return (
    <div ref={containerRef} className={className}>
      {mounted && (
        <GridLayout
          width={width}
          layout={layout}
          gridConfig={{ cols: GRID.columns, rowHeight: GRID.rowHeight, margin: GRID.margin, containerPadding: [0, 0] }}
          dragConfig={{ enabled: editing, handle: ".widget__bar--drag", cancel: "button, a" }}
          resizeConfig={{ enabled: editing }}
          compactor={verticalCompactor}
          onLayoutChange={onLayoutChange}
        >
          {children}
        </GridLayout>
      )}
    </div>
  );
}
