import { type KeyboardEvent, useEffect, useRef } from "react";
import { MapController, type MapOptions, type MapPosition } from "./map-controller";

interface OlMapProps {
  label: string;
  position: MapPosition;
  onReady: (controller: MapController) => void;
  onGone: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
  /** The element's id: the page's map is map-canvas, a dialog's mini-map another. */
  id?: string;
  options?: MapOptions;
}

/**
 * The adapter of OpenLayers (README, "Islands"): owns one element, makes the ol Map on it in an effect and
 * disposes of it on unmount. The element takes focus, so the arrow keys pan and + and - zoom.
 */
export function OlMap({ label, position, onReady, onGone, onKeyDown, id = "map-canvas", options }: OlMapProps) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const controller = new MapController(element.current!, position, options);
    onReady(controller);
    return () => {
      onGone();
      controller.dispose();
    };
  }, []);
  return <div ref={element} className="map__canvas" id={id} tabIndex={0} role="application" aria-label={label} onKeyDown={onKeyDown} />;
}
