import { describe, expect, test } from "bun:test";
import { stemmers, stemsOf } from "./fulltext-stems";

// Words with the stems Snowball's published algorithms (english = Porter2, russian, spanish) give them,
// worked through by hand and checked against the Snowball project's own C build (libstemmer 2.2). Each
// entry is "word stem". The English list holds the -tion nouns that Porter 1 cut short ('inspec').
const WORDS: Record<keyof typeof stemmers, string> = {
  english: `
    inspection inspect, inspections inspect, inspect inspect, inspects inspect, inspecting inspect,
    inspected inspect, inspector inspector, inspectors inspector, nation nation, nations nation, national nation,
    nationally nation, nationality nation, international intern, generous generous, generously generous,
    general general, generate generat, generation generat, communication communic, community communiti,
    commune commune, arsenal arsenal, running run, runner runner, hopping hop, hoped hope, hoping hope,
    filing file, failing fail, controlling control, rolled roll, caresses caress, ponies poni, ties tie, cries cri,
    cats cat, bridges bridg, bridge bridg, corrosion corros, corroded corrod, corrosive corros, pumps pump,
    pumping pump, turbine turbin, turbines turbin, measurement measur, measurements measur, measured measur,
    calibration calibr, calibrated calibr, calibrating calibr, installation instal, installed instal,
    installing instal, configure configur, configuration configur, configured configur, reporting report,
    reported report, documentation document, documented document, analysis analysi, analyses analys,
    analyzing analyz, analytical analyt, electrical electr, electricity electr, electrician electrician,
    hopefulness hope, goodness good, effective effect, effectiveness effect, sensitivity sensit,
    responsibility respons, responsible respons, dependent depend, dependency depend, adjustment adjust,
    adjustable adjust, replacement replac, replacing replac, conditional condit, rational ration, operational oper,
    operator oper, decisive decis, decision decis, maintenance mainten, maintained maintain, skies sky, sky sky,
    dying die, lying lie, news news, innings inning, outing outing, proceed proceed, exceeded exceed,
    succeeding succeed, gently gentl, early earli, only onli, agreed agre, feed feed, bled bled, fitted fit,
    happily happili, happiness happi, crying cri, says say, saying say, played play, players player, yearly year,
    yellow yellow, youth youth, boys boy, generalization general, organization organ, organizing organ,
    agreement agreement, formality formal, triplicate triplic, formalize formal, hesitancy hesit, digitizer digit,
    feudalism feudal, callousness callous, probate probat, cease ceas, engineering engin, engineer engin`,
  russian: `
    кандидат кандидат, кандидата кандидат, кандидатов кандидат, кандидатом кандидат, кандидаты кандидат,
    кандидатами кандидат, устройство устройств, устройства устройств, устройств устройств, устройством устройств,
    устройствам устройств, устройствах устройств, проверка проверк, проверки проверк, проверку проверк,
    проверкой проверк, проверок проверок, проверять проверя, проверял проверя, проверяли проверя,
    проверенный проверен, проверенная проверен, проверено провер, проверяющий проверя, мост мост, моста мост,
    мостов мост, мостом мост, мостами мост, мостах мост, отчет отчет, отчета отчет, отчетов отчет, отчетом отчет,
    годовой годов, годового годов, годовых годов, годовому годов, инспекция инспекц, инспекции инспекц,
    инспекцией инспекц, инспектировать инспектирова, инспектировал инспектирова, инспектор инспектор,
    инспектора инспектор, насос насос, насоса насос, насосы насос, насосов насос, давление давлен, давления давлен,
    давлением давлен, измерение измерен, измерения измерен, измерений измерен, измерять измеря, измеряли измеря,
    измерив измер, измерившись измер, работа работ, работы работ, работе работ, работой работ, работать работа,
    работает работа, работают работа, работали работа, работающий работа, работавший работа, проект проект,
    проекта проект, проектов проект, проектирование проектирован, проектировать проектирова, новый нов, новая нов,
    новое нов, новые нов, нового нов, новейший нов, новейшая нов, красивейший красив, быстрость быстрост,
    сложность сложност, сложности сложност, сложностью сложност, связь связ, связи связ, связью связ,
    вертолет вертолет, вертолеты вертолет, читать чита, читаю чита, читаешь чита, читает чита, читала чита,
    прочитав прочита, прочитавши прочита, одеваясь одев, одевшись одевш, мыться мыт, моется моет, моются моют,
    сделанный сдела, сделанная сдела, сделанное сдела, сделано сдела, бегущий бегущ, бегущая бегущ, стоящий стоя,
    стоящие стоя`,
  spanish: `
    casa cas, casas cas, jardín jardin, jardines jardin, inspección inspeccion, inspecciones inspeccion,
    inspeccionar inspeccion, inspeccionado inspeccion, inspeccionando inspeccion, inspeccionó inspeccion,
    inspector inspector, inspectores inspector, nación nacion, naciones nacion, nacional nacional,
    nacionales nacional, nacionalidad nacional, puente puent, puentes puent, medición medicion,
    mediciones medicion, medir med, midiendo mid, bomba bomb, bombas bomb, corrosión corrosion, corroído corroid,
    informe inform, informes inform, informar inform, informando inform, documento document, documentos document,
    documentación document, instalación instal, instalaciones instal, instalar instal, instalado instal,
    instalando instal, configuración configur, configurar configur, calibración calibr, calibrar calibr,
    rápidamente rapid, rápido rap, felizmente feliz, posibilidad posibil, posibilidades posibil,
    responsable respons, responsables respons, importante import, importancia import, mantenimiento manten,
    mantener manten, mantenido manten, trabajando trabaj, trabajadores trabaj, trabajador trabaj, trabajar trabaj,
    trabajé trabaj, trabajaríamos trabaj, hablar habl, hablamos habl, hablaron habl, hablaba habl, comiendo com,
    comer com, comía com, comerán com, vivir viv, viviendo viv, vivieron viv, dándole dandol, diciéndoselo dic,
    cantándola cant, levantarse levant, lavándose lav, huerto huert, huertos huert, guía gui, guías gui,
    tiene tien, tienen tien, cumplir cumpl, cumplimiento cumplimient, cumplió cumpl, turbina turbin,
    turbinas turbin, presión presion, presiones presion, revisión revision, revisiones revision, revisar revis,
    revisado revis, revisando revis, proyecto proyect, proyectos proyect, proyectar proyect, creativo creativ,
    creativa creativ, creatividad creativ, cuidadoso cuidad, cuidadosa cuidad, cuidadosamente cuidad,
    organización organiz, organizar organiz, organizadora organiz, socialismo social, socialista social,
    arquitectura arquitectur, arquitectos arquitect, lógica logic, biología biolog, huyendo huyend, oyeron oyeron`,
};

const pairs = (list: string) => list.trim().split(/,\s*/).map((entry) => entry.split(" ") as [string, string]);

describe("stemmers against the Snowball word lists", () => {
  for (const [language, list] of Object.entries(WORDS) as [keyof typeof stemmers, string][]) {
    test(`${language}: every word gets its Snowball stem`, () => {
      const words = pairs(list);
      expect(words.length).toBeGreaterThanOrEqual(100);
      const stemmed = words.map(([word]) => `${word} ${stemmers[language](word)}`);
      expect(stemmed).toEqual(words.map((pair) => pair.join(" ")));
    });
  }

  test("a noun in -tion and its verb forms share one stem; words apart in meaning keep apart", () => {
    const english = (...words: string[]) => new Set(words.map(stemmers.english));
    expect(english("inspection", "inspect", "inspecting", "inspected", "inspects")).toEqual(new Set(["inspect"]));
    expect(english("nation", "national", "nationally")).toEqual(new Set(["nation"]));
    expect(english("generous", "general").size).toBe(2);
  });

  test("the index's stems of a Latin word hold its English and its Spanish stem; ё is read as е", () => {
    expect(stemsOf("Inspection")).toEqual(["inspect", "inspection"]);
    expect(stemsOf("inspecciones")).toEqual(["inspeccion"]);
    expect(stemsOf("Отчётов")).toEqual(stemsOf("отчетов"));
    expect(stemsOf("отчётов")).toEqual(["отчет"]);
  });
});
