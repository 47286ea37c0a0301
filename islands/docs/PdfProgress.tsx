import { useEffect, useState } from "react";
import { sizeText } from "../lib/files";
import { useT } from "../lib/ui/i18n";
import type { PdfFile } from "./pdf-fetch";

/** Bytes of `file` received so far and its size, kept up to date as its chunks come. */
export function usePdfProgress(file?: PdfFile): [number, number] {
  const [progress, setProgress] = useState<[number, number]>(() => [file?.loaded ?? 0, file?.size ?? 0]);
  useEffect(() => {
    if (!file) return;
    file.onProgress = (loaded, total) => setProgress([loaded, total]);
    setProgress([file.loaded, file.size]);
    return () => {
      file.onProgress = undefined;
    };
  }, [file]);
  return progress;
}

/** "Loading the PDF: 128 KB of 257 KB" while the file comes, from the moment its size is known. */
export function PdfProgress({ loaded, total }: { loaded: number; total: number }) {
  const { t, tf } = useT();
  return (
    <p className="pdfv__progress" role="status">
      {total > 0 ? tf("docs.pdf.progress", { loaded: sizeText(Math.min(loaded, total)), total: sizeText(total) }) : t("docs.pdf.opening")}
    </p>
  );
}
