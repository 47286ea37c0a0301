/**
 * `{{name}}` placeholders filled from `values` (a missing one becomes empty): the one rule for
 * translations on the server and in the browser and for mail templates. `encode` prepares each value
 * for where it goes (HTML-escaping in a mail body).
 *
 * A count that changes the words around it is written as
 * `{{n, plural, one {# file was} few {# файла были} other {# files were}}}`: the form is chosen by the
 * language's plural rules (Intl.PluralRules: Russian needs one, few and many), `#` is the number as
 * the language writes it (20 000 in Russian), and `other` is the fallback.
 */
const PLURAL = /\{\{(\w+), plural,((?:\s*[a-z]+\s*\{[^{}]*\})+)\s*\}\}/g;
const FORM = /([a-z]+)\s*\{([^{}]*)\}/g;

export function fillPlaceholders(
  text: string,
  values: Record<string, unknown>,
  encode: (value: string) => string = String,
  locale = "en",
): string {
  const plurals = text.replace(PLURAL, (_, name: string, forms: string) => {
    const count = Number(values[name] ?? 0);
    const chosen = new Map([...forms.matchAll(FORM)].map((form) => [form[1], form[2]]));
    const form = chosen.get(new Intl.PluralRules(locale).select(count)) ?? chosen.get("other") ?? "";
    return form.replace(/#/g, encode(new Intl.NumberFormat(locale).format(count)));
  });
  return plurals.replace(/\{\{(\w+)\}\}/g, (_, name: string) => encode(String(values[name] ?? "")));
}
