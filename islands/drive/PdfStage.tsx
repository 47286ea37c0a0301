import { useEffect, useRef } from "react";
import { userFileUrl } from "../lib/files";

/**
 * The adapter of the PDF viewer (pdf.js, islands/docs/pdf.ts, loaded only now) for a drive file: it
 * owns one element, draws the file into it on mount and disposes of the viewer on unmount.
 * `onFailed` when the file cannot be read.
 */
export function PdfStage({ token, onFailed }: { token: string; onFailed: (error: unknown) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const failed = useRef(onFailed);
  failed.current = onFailed;
  useEffect(() => {
    const controller = new AbortController();
    let viewer: { dispose(): void } | undefined;
    import("../docs/pdf")
      .then(({ showPdf }) => (controller.signal.aborted ? undefined : showPdf(host.current!, userFileUrl(token, true), controller.signal)))
      .then((shown) => (controller.signal.aborted ? shown?.dispose() : (viewer = shown)))
      .catch((error) => controller.signal.aborted || failed.current(error));
    return () => {
      controller.abort();
      viewer?.dispose();
    };
  }, [token]);
  return <div className="viewer-pdf" ref={host} />;
}
