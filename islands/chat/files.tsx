/** Files in chat, loaded when first needed: the upload dialog, the private-files picker and the viewer. */
import { useEffect, useId, useRef, useState } from "react";
import { mdiClose, mdiDownload, mdiFileOutline, mdiFolderPlusOutline, mdiUpload } from "./icons";
import { previewKind } from "../../src/lib/file-types";
import { ApiError } from "../lib/api";
import { errorText, reportFailure } from "../lib/failures";
import { keyTakenAbove } from "../lib/focus-trap";
import { adoptStyles } from "../lib/styles";
import { shortName, sizeText, userFileUrl } from "../lib/files";
import { snack } from "../lib/snackbar";
// The drive's own calls: they load with these dialogs, not with the panel.
import { addToMyFiles, type FileEntity, listFiles, uploadFile } from "../drive/common";
import { me, sendFiles } from "./store";
import { ct } from "./strings";
import { Icon } from "../lib/ui/Icon";
import { Dialog } from "./ui";
import { DialogActions } from "../lib/ui/Dialog";
import type { FileRef } from "./types";

interface Item {
  key: number;
  file: File;
  state: "uploading" | "done" | "failed";
  entity?: FileEntity;
  error?: string;
}

let nextKey = 0;

/** Uploads to the drive, then sends one file message per uploaded file; save needs at least one. */
export function Upload({ chatId, initial, onClose }: { chatId: number; initial: File[]; onClose: () => void }) {
  const [items, setItems] = useState<Item[]>([]);
  const inputId = useId();
  const started = useRef(false);

  const add = (files: File[]) => {
    const fresh = files.map((file) => ({ key: nextKey++, file, state: "uploading" as const }));
    setItems((list) => [...list, ...fresh]);
    for (const item of fresh) {
      uploadFile(item.file, () => undefined).then(
        (entity) => setItems((list) => list.map((i) => (i.key === item.key ? { ...i, state: "done", entity } : i))),
        (error: unknown) => {
          // Spec 1 section 8: an upload failure shows the 'error' text.
          const message = error instanceof ApiError ? errorText({ code: error.code }) : ct("common.error");
          setItems((list) => list.map((i) => (i.key === item.key ? { ...i, state: "failed", error: message } : i)));
          snack(message, "error");
        },
      );
    }
  };
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (initial.length) add(initial);
  }, []);

  const done = items.flatMap((i) => (i.state === "done" && i.entity ? [i.entity] : []));
  const save = () => {
    sendFiles(chatId, done);
    onClose();
  };

  return (
    <Dialog title={ct("chat.uploadTitle")} onClose={onClose} wide>
      <div
        className="chat-upload__zone"
        onDragOver={(e) => e.preventDefault()}
        onDrop={(e) => {
          e.preventDefault();
          e.stopPropagation();
          add([...e.dataTransfer.files]);
        }}
      >
        <Icon path={mdiUpload} />
        <label htmlFor={inputId} className="btn btn--ghost">
          {ct("chat.chooseFiles")}
        </label>
        <input
          id={inputId}
          className="visually-hidden"
          type="file"
          multiple
          onChange={(e) => {
            add([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
        <small>{ct("chat.uploadHint")}</small>
      </div>
      <ul className="chat-upload__list" aria-live="polite">
        {items.map((item) => (
          <li key={item.key} className={`is-${item.state}`}>
            <Icon path={mdiFileOutline} />
            <span className="chat-upload__name">{item.file.name}</span>
            <span className="chat-upload__state">
              {item.state === "uploading" ? ct("chat.uploading") : item.state === "done" ? sizeText(item.entity!.size) : item.error}
            </span>
          </li>
        ))}
      </ul>
      <DialogActions label={ct("chat.sendFiles")} onCancel={onClose} disabled={!done.length} onAct={save} />
    </Dialog>
  );
}

/** The private-files picker: search one's drive, pick files, send them (they become visible to the chat). */
export function Picker({ chatId, onClose }: { chatId: number; onClose: () => void }) {
  const [name, setName] = useState("");
  const [files, setFiles] = useState<FileEntity[] | null>(null);
  const [picked, setPicked] = useState<number[]>([]);
  const id = useId();
  useEffect(() => {
    let current = true;
    const timer = setTimeout(() => {
      listFiles(name.trim())
        .then((list) => current && setFiles(list))
        .catch((error) => current && (reportFailure(error), setFiles([])));
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [name]);
  const send = () => {
    sendFiles(chatId, (files ?? []).filter((f) => picked.includes(f.id)));
    onClose();
  };
  return (
    <Dialog title={ct("chat.myFiles")} onClose={onClose} wide>
      <div className="field">
        <label htmlFor={id}>{ct("chat.searchFiles")}</label>
        <input id={id} type="search" value={name} autoComplete="off" maxLength={100} onChange={(e) => setName(e.target.value)} />
      </div>
      <ul className="chat-files" aria-busy={files === null}>
        {(files ?? []).map((file) => (
          <li key={file.id}>
            <label>
              <input type="checkbox" checked={picked.includes(file.id)} onChange={(e) => setPicked((list) => (e.target.checked ? [...list, file.id] : list.filter((x) => x !== file.id)))} />
              <span className="chat-files__name">{file.name}</span>
              <small>{sizeText(file.size)}</small>
            </label>
          </li>
        ))}
        {files?.length === 0 && <li className="chat-picker__none">{ct("chat.fileNotExist")}</li>}
      </ul>
      {picked.length > 0 && <p className="chat-note">{ct("chat.accessGranted")}</p>}
      <DialogActions label={ct("chat.sendFiles")} onCancel={onClose} disabled={!picked.length} onAct={send} />
    </Dialog>
  );
}

const narrow = () => window.matchMedia("(max-width: 600px)").matches;

/**
 * A PDF in the document page's pdf.js viewer (zoom, page thumbnails, search): it and its styles come with a
 * dynamic import() when a PDF is opened, so the chat panel does not carry them.
 */
function PdfStage({ url }: { url: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // showPdf disposes of its pages, observers and pdf.js document when this aborts.
    const controller = new AbortController();
    Promise.all([import("../docs/pdf"), import("../../pages/_components/docs/pdf-viewer.css?inline")])
      .then(([{ showPdf }, { default: css }]) => {
        adoptStyles(css);
        if (!controller.signal.aborted) return showPdf(host.current!, url, controller.signal);
      })
      .catch((error) => controller.signal.aborted || reportFailure(error));
    return () => controller.abort();
  }, [url]);
  return <div ref={host} className="chat-viewer__pdf" />;
}

/** The full-screen file viewer: PDF (the pdf.js viewer, with zoom and thumbnails), images, or a download. */
export function Viewer({ file, onClose }: { file: FileRef; onClose: () => void }) {
  const close = useRef<HTMLButtonElement>(null);
  const [adding, setAdding] = useState(false);
  const titleId = useId();
  const isPdf = file.type === "pdf" || /\.pdf$/i.test(file.name);
  const isImage = previewKind(file.name) === "image";
  const ownerId = file.owner?.id;
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    close.current?.focus();
    const key = (event: KeyboardEvent) => {
      if (event.key === "Escape" && !keyTakenAbove(event, "dialog[open]")) onClose();
    };
    document.addEventListener("keydown", key);
    return () => {
      document.removeEventListener("keydown", key);
      before?.focus?.();
    };
  }, []);
  const addToMine = async () => {
    setAdding(true);
    try {
      await addToMyFiles(file.token);
      snack(ct("chat.fileAdded"), "success");
    } catch (error) {
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) snack(ct("chat.fileAddFailed"), "error");
    } finally {
      setAdding(false);
    }
  };
  return (
    <div className="chat-viewer" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <header className="chat-viewer__head">
        <h2 id={titleId} title={file.name}>
          {shortName(file.name, narrow() ? 15 : 45)}
        </h2>
        {ownerId !== undefined && ownerId !== me.id && (
          <button type="button" className="btn btn--ghost" disabled={adding} onClick={addToMine}>
            <Icon path={mdiFolderPlusOutline} /> {ct("chat.addToMyFiles")}
          </button>
        )}
        <a className="btn btn--ghost" href={userFileUrl(file.token)} download={file.name}>
          <Icon path={mdiDownload} /> {ct("chat.download")}
        </a>
        <button type="button" ref={close} className="chat-icon" title={ct("common.close")} aria-label={ct("common.close")} onClick={onClose}>
          <Icon path={mdiClose} />
        </button>
      </header>
      <div className="chat-viewer__body">
        {isPdf ? (
          <PdfStage url={userFileUrl(file.token, true)} />
        ) : isImage ? (
          <img className="chat-viewer__image" src={userFileUrl(file.token, true)} alt={file.name} />
        ) : (
          <div className="chat-viewer__unsupported">
            <Icon path={mdiFileOutline} />
            <p>{ct("chat.unsupported")}</p>
            <a className="btn" href={userFileUrl(file.token)} download={file.name}>
              <Icon path={mdiDownload} /> {ct("chat.download")}
            </a>
          </div>
        )}
      </div>
    </div>
  );
}
