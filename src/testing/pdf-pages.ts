import { extractText, getDocumentProxy, getResolvedPDFJS } from "unpdf";

/** Per page of a PDF: its size, its text with whitespace collapsed (and with none), and the drawn width of each picture on it. */
export async function pdfPages(bytes: Uint8Array) {
  const { OPS } = await getResolvedPDFJS();
  // pdf.js hands the bytes it is given to its worker: each reader gets a copy.
  const pdf = await getDocumentProxy(bytes.slice());
  const { text } = await extractText(bytes.slice());
  const out = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const { width, height } = page.getViewport({ scale: 1 });
    const ops = await page.getOperatorList();
    // The transform in force when each picture is painted: its x scale is the drawn width in points.
    const stack: number[][] = [];
    let matrix = [1, 0, 0, 1, 0, 0];
    const pictures: number[] = [];
    ops.fnArray.forEach((fn, index) => {
      const args = ops.argsArray[index];
      if (fn === OPS.save) stack.push(matrix);
      else if (fn === OPS.restore) matrix = stack.pop() ?? matrix;
      else if (fn === OPS.transform) {
        const [a, b, c, d, e, f] = args as number[];
        const [m0, m1, m2, m3, m4, m5] = matrix as [number, number, number, number, number, number];
        matrix = [a! * m0 + b! * m2, a! * m1 + b! * m3, c! * m0 + d! * m2, c! * m1 + d! * m3, e! * m0 + f! * m2 + m4, e! * m1 + f! * m3 + m5];
      } else if (fn === OPS.paintImageXObject) pictures.push(Math.hypot(matrix[0]!, matrix[1]!));
    });
    const pageText = (text as string[])[number - 1]!;
    out.push({ width, height, text: pageText.replace(/\s+/g, " "), joined: pageText.replace(/\s+/g, ""), pictures });
  }
  return out;
}
