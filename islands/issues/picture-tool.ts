/**
 * The description editor's picture block (an Editor.js block tool, so it builds its own small DOM): a
 * button choosing an image, uploaded at once into the task's pictures (/issue/upload-picture, where the
 * server checks size and bytes), then the picture with a caption field that is also its alt text.
 * Saved as { file: { token }, caption }, which the server renders (issues/description.ts).
 */
import { ISSUE_LIMITS } from "../../src/modules/issues/limits";
import { errorText } from "../lib/failures";
import { call, server } from "../lib/server";

interface Labels {
  title: string;
  choose: string;
  caption: string;
  uploading: string;
  tooBig: string;
}

interface PictureData {
  file?: { token?: string };
  caption?: string;
}

const ICON = '<svg viewBox="0 0 24 24" width="17" height="17" aria-hidden="true"><path fill="currentColor" d="M21,17H7V3H21M21,1H7A2,2 0 0,0 5,3V17A2,2 0 0,0 7,19H21A2,2 0 0,0 23,17V3A2,2 0 0,0 21,1M3,5H1V21A2,2 0 0,0 3,23H19V21H3M15.96,10.29L13.21,13.83L11.25,11.47L8.5,15H19.5L15.96,10.29Z"/></svg>';
const ACCEPT = "image/png,image/jpeg,image/gif,image/bmp";

/** A block tool class for the task `issueId`, its words in the reader's language. */
export function pictureTool(issueId: number, labels: Labels) {
  return class PictureBlock {
    static get toolbox() {
      return { title: labels.title, icon: ICON };
    }

    private token: string | undefined;
    private caption: string;
    private readonly root = document.createElement("div");

    constructor({ data }: { data: PictureData }) {
      this.token = data?.file?.token;
      this.caption = data?.caption ?? "";
      this.root.className = "td-picture";
    }

    render(): HTMLElement {
      if (this.token) this.showPicture();
      else this.showChooser();
      return this.root;
    }

    save(): PictureData {
      return { file: { token: this.token }, caption: this.caption };
    }

    /** A block whose upload never finished is left out of the description. */
    validate(data: PictureData): boolean {
      return !!data.file?.token;
    }

    private showChooser(message = "") {
      const input = Object.assign(document.createElement("input"), { type: "file", accept: ACCEPT, className: "visually-hidden", tabIndex: -1 });
      const button = Object.assign(document.createElement("button"), { type: "button", className: "btn btn--ghost", textContent: labels.choose });
      const status = Object.assign(document.createElement("p"), { className: "td-picture__status", textContent: message });
      status.setAttribute("role", "status");
      button.addEventListener("click", () => input.click());
      input.addEventListener("change", () => {
        const file = input.files?.[0];
        if (file) void this.upload(file, button, status);
      });
      this.root.replaceChildren(button, input, status);
    }

    private async upload(file: File, button: HTMLButtonElement, status: HTMLElement) {
      if (file.size > ISSUE_LIMITS.pictureBytes) {
        status.textContent = labels.tooBig;
        return;
      }
      button.disabled = true;
      status.textContent = labels.uploading;
      try {
        const picture = await call(server.issue["upload-picture"].post({ file }, { query: { id: issueId } }));
        this.token = picture.token;
        this.showPicture();
      } catch (error) {
        this.showChooser(errorText(error as { code?: string }));
      }
    }

    private showPicture() {
      const img = Object.assign(document.createElement("img"), { src: `/api/files/get-user-file/${this.token}?inline=1`, alt: this.caption });
      const caption = Object.assign(document.createElement("input"), { type: "text", value: this.caption, placeholder: labels.caption, maxLength: 500 });
      caption.setAttribute("aria-label", labels.caption);
      caption.addEventListener("input", () => {
        this.caption = caption.value;
        img.alt = caption.value;
      });
      // Editor.js would take Enter and Backspace in the field for its own blocks.
      caption.addEventListener("keydown", (event) => event.stopPropagation());
      this.root.replaceChildren(img, caption);
    }
  };
}
