/**
 * The description editor's picture block as an Editor.js block tool (Editor.js asks each block for an
 * element): the PictureBlock component in that element, unmounted when Editor.js destroys the block.
 * Saved as { file: { token }, caption }, which the server renders (issues/description.ts).
 */
import { mountComponent } from "../lib/mount-component";
import { PictureBlock, type PictureLabels, type PictureValue } from "./PictureBlock";

interface PictureData {
  file?: { token?: string };
  caption?: string;
}

const ICON = '<svg viewBox="0 0 24 24" width="17" height="17" aria-hidden="true"><path fill="currentColor" d="M21,17H7V3H21M21,1H7A2,2 0 0,0 5,3V17A2,2 0 0,0 7,19H21A2,2 0 0,0 23,17V3A2,2 0 0,0 21,1M3,5H1V21A2,2 0 0,0 3,23H19V21H3M15.96,10.29L13.21,13.83L11.25,11.47L8.5,15H19.5L15.96,10.29Z"/></svg>';

/** A block tool class for the task `issueId`, its words in the reader's language. */
export function pictureTool(issueId: number, labels: PictureLabels) {
  return class PictureTool {
    static get toolbox() {
      return { title: labels.title, icon: ICON };
    }

    private value: PictureValue;
    private mounted: { destroy(): void } | undefined;

    constructor({ data }: { data: PictureData }) {
      this.value = { token: data?.file?.token, caption: data?.caption ?? "" };
    }

    render(): HTMLElement {
      const root = document.createElement("div");
      root.className = "td-picture";
      this.mounted = mountComponent(root, <PictureBlock issueId={issueId} labels={labels} initial={this.value} onChange={(value) => (this.value = value)} />);
      return root;
    }

    save(): PictureData {
      return { file: { token: this.value.token }, caption: this.value.caption };
    }

    /** A block whose upload never finished is left out of the description. */
    validate(data: PictureData): boolean {
      return !!data.file?.token;
    }

    destroy() {
      this.mounted?.destroy();
    }
  };
}
