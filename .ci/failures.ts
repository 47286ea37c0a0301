/**
 * Prints every failed test's error from bun's JUnit reports (package.json writes them to test-results/):
 * CI keeps only the tail of a long run, where bun names the failed tests but no longer shows why.
 * Usage: bun .ci/failures.ts test-results/*.xml
 */
const LINES_PER_FAILURE = 30;

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const decode = (text: string) =>
  text.replace(/&(#\d+|#x[\da-f]+|\w+);/gi, (whole, name: string) =>
    name.startsWith("#x") ? String.fromCodePoint(Number.parseInt(name.slice(2), 16)) : name.startsWith("#") ? String.fromCodePoint(Number(name.slice(1))) : (ENTITIES[name] ?? whole),
  );
const attribute = (tag: string, name: string) => decode(new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1] ?? "");

let failures = 0;
for (const path of process.argv.slice(2)) {
  const file = Bun.file(path);
  if (!(await file.exists())) continue;
  for (const [, tag, body] of (await file.text()).matchAll(/(<testcase\b[^>]*[^/]>)\s*<(?:failure|error)\b[^>]*>([\s\S]*?)<\/(?:failure|error)>/g)) {
    failures++;
    const lines = decode(body!).trim().split("\n");
    console.log(`\n✗ ${attribute(tag!, "file")}:${attribute(tag!, "line")} ${attribute(tag!, "name")}`);
    console.log(lines.slice(0, LINES_PER_FAILURE).join("\n") + (lines.length > LINES_PER_FAILURE ? `\n… ${lines.length - LINES_PER_FAILURE} more lines` : ""));
  }
}
if (failures) console.log(`\n${failures} failed test(s), their errors above (from ${process.argv.slice(2).join(", ")})`);
