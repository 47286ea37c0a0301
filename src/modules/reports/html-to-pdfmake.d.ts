declare module "html-to-pdfmake" {
  /** Only the options reports use; the window is a stand-in with DOMParser (see pdf.ts). */
  export default function htmlToPdfmake(html: string, options: { window: unknown }): unknown;
}
