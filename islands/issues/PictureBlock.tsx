import { useRef, useState } from "react";
import { ISSUE_LIMITS } from "../../src/modules/issues/limits";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";

export interface PictureLabels {
  title: string;
  choose: string;
  caption: string;
  uploading: string;
  tooBig: string;
}

export interface PictureValue {
  token?: string;
  caption: string;
}

const ACCEPT = "image/png,image/jpeg,image/gif,image/bmp";

/**
 * The description editor's picture block: a button choosing an image, uploaded at once into the task's
 * pictures (/issue/upload-picture, where the server checks size and bytes), then the picture with a caption
 * field that is also its alt text. `onChange` hears each change, for the block's save.
 */
export function PictureBlock({ issueId, labels, initial, onChange }: { issueId: number; labels: PictureLabels; initial: PictureValue; onChange: (value: PictureValue) => void }) {
  const [value, setValue] = useState(initial);
  const [status, setStatus] = useState("");
  const [busy, setBusy] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);
  const change = (next: PictureValue) => {
    setValue(next);
    onChange(next);
  };
  const upload = async (file: File) => {
    if (file.size > ISSUE_LIMITS.pictureBytes) return setStatus(labels.tooBig);
    setBusy(true);
    setStatus(labels.uploading);
    try {
      const picture = await call(server.issue["upload-picture"].post({ file }, { query: { id: issueId } }));
      setStatus("");
      change({ ...value, token: picture.token });
    } catch (error) {
      setStatus(errorText(error as { code?: string }));
    } finally {
      setBusy(false);
    }
  };
  if (value.token) {
    return (
      <>
        <img src={`/api/files/get-user-file/${value.token}?inline=1`} alt={value.caption} />
        <input type="text" aria-label={labels.caption} placeholder={labels.caption} maxLength={500} value={value.caption}
          onChange={(event) => change({ ...value, caption: event.target.value })}
          // Editor.js would take Enter and Backspace in the field for its own blocks.
          onKeyDown={(event) => event.stopPropagation()} />
      </>
    );
  }
  return (
    <>
      <button type="button" className="btn btn--ghost" disabled={busy} onClick={() => chooser.current?.click()}>
        {labels.choose}
      </button>
      <input ref={chooser} type="file" accept={ACCEPT} className="visually-hidden" tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void upload(file);
        }} />
      <p className="td-picture__status" role="status">
        {status}
      </p>
    </>
  );
}
