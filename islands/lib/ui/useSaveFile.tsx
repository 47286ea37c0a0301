import { type ReactNode, useCallback, useRef } from "react";

/**
 * A file the page received (a fetched Blob) saved under a name, as a link with `download` does:
 * `const [anchor, save] = useSaveFile()`, render `anchor`, then `save(blob, name)`. The object URL
 * is released a minute later, when the browser has long taken the file.
 */
export function useSaveFile(): [ReactNode, (blob: Blob, name: string) => void] {
  const link = useRef<HTMLAnchorElement>(null);
  const save = useCallback((blob: Blob, name: string) => {
    const url = URL.createObjectURL(blob);
    link.current!.href = url;
    link.current!.download = name;
    link.current!.click();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }, []);
  return [<a key="save-file" ref={link} hidden aria-hidden="true" tabIndex={-1} />, save];
}
