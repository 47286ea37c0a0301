declare module "htmldiff-js" {
  const HtmlDiff: { execute(before: string, after: string): string };
  export default HtmlDiff;
}
