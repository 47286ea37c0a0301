import { type ReactNode, useCallback, useRef } from "react";
import { userFileUrl } from "../lib/files";
import { t } from "../lib/i18n";
import { snack } from "../lib/snackbar";
import type { FileEntity } from "./common";

/**
 * Downloads a drive file through the browser's own download manager (no copy in memory, fine for
 * 500 MB), after a one-byte Range probe, so that a missing or withdrawn file says fileDownloadError:
 * `const [anchor, download] = useDownload()`, render `anchor`, then `download(file)`.
 */
export function useDownload(): [ReactNode, (file: Pick<FileEntity, "name" | "token">) => Promise<void>] {
  const link = useRef<HTMLAnchorElement>(null);
  const download = useCallback(async (file: Pick<FileEntity, "name" | "token">) => {
    const url = userFileUrl(file.token);
    try {
      const probe = await fetch(url, { headers: { range: "bytes=0-0" }, credentials: "same-origin", signal: AbortSignal.timeout(20_000) });
      await probe.body?.cancel();
      if (!probe.ok) throw new Error(`status ${probe.status}`);
    } catch {
      snack(t("drive.fileDownloadError"), "error");
      return;
    }
    link.current!.href = url;
    link.current!.download = file.name;
    link.current!.click();
  }, []);
  return [<a key="download" ref={link} hidden aria-hidden="true" tabIndex={-1} />, download];
}
