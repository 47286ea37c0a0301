import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from "docx";

/**
 * Test fixture: a Russian report as people write them in Word: a Title, headings, a table, a picture
 * with a description and one without, a phrase half in bold («для **устройства**») and ё («Отчёт»).
 * `april` makes the edited version, whose works ended «в марте и апреле» rather than «в марте».
 */

/** A 2×2 PNG: red, green, blue, yellow. */
const PNG = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEUlEQVR4nGP4zwAEIOI/kAAAG/ID/VxhF44AAAAASUVORK5CYII="),
  (c) => c.charCodeAt(0),
);

const picture = (description?: string) =>
  new ImageRun({ type: "png", data: PNG, transformation: { width: 40, height: 40 }, altText: { name: "Рисунок", description } });

export async function russianReportDocx({ april = false } = {}): Promise<Uint8Array> {
  const cell = (text: string) => new TableCell({ children: [new Paragraph(text)] });
  const children = [
    new Paragraph({ text: "Отчёт о работах", heading: HeadingLevel.TITLE }),
    new Paragraph({ text: "Введение", heading: HeadingLevel.HEADING_1 }),
    new Paragraph({ children: [new TextRun("Годовой отчёт подготовлен для "), new TextRun({ text: "устройства", bold: true }), new TextRun(" связи.")] }),
    new Paragraph({ text: "Сроки", heading: HeadingLevel.HEADING_2 }),
    new Paragraph(april ? "Работы завершены в марте и апреле по плану." : "Работы завершены в марте по плану."),
    new Paragraph({ text: "Результаты", heading: HeadingLevel.HEADING_1 }),
    new Table({ rows: [new TableRow({ children: [cell("Узел"), cell("Состояние")] }), new TableRow({ children: [cell("Опора"), cell("Исправна")] })] }),
    new Paragraph({ children: [picture("Схема моста")] }),
    new Paragraph({ children: [picture()] }),
  ];
  return new Uint8Array(await Packer.toBuffer(new Document({ sections: [{ children }] })));
}
