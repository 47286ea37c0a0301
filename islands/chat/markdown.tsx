/**
 * Chat Markdown as people write it in Mattermost: **bold** (or __bold__), *italics* (or _italics_),
 * ~~struck~~, `code`, fenced code blocks, lists, quotes, rules, [links](https://…), and bare http(s)://,
 * www. and e-mail addresses made links.
 *
 * It builds React elements, never an HTML string: whatever a message holds is text to React, so raw
 * HTML shows as written; a link goes only to http(s) or mailto, opens in a new tab, and tells the
 * other site nothing (rel="noopener noreferrer nofollow"). A small parser of our own rather than marked's
 * lexer, which alone is 15 KB gzipped and would take /chats past its 100 KB budget (94 KB before).
 * Every step scans forward without backtracking, and nesting stops at a few levels (deeper quotes
 * or lists stay text), so a hostile 4,000-character message costs milliseconds. `@login` of someone who
 * may be mentioned in the chat is highlighted (not in code or links).
 */
import { createElement, Fragment, memo, type ReactNode } from "react";
import { mentionsIn } from "../../src/modules/chat/mention-syntax";
import { canonicalLogin } from "../../src/modules/users/validation";

/** The people a chat's messages may mention: canonical login → full name. */
export type MentionNames = ReadonlyMap<string, string>;

/** Text, or an element named by its tag: the tree React renders, one kind of node for blocks and inline. */
type Node = string | { t: "p" | "pre" | "code" | "blockquote" | "ul" | "ol" | "li" | "hr" | "strong" | "em" | "del" | "a"; c: Node[]; href?: string; start?: number };
const INLINE = ["strong", "em", "del", "code", "a"];

/** Quotes and lists inside each other: deeper markers stay text. */
const MAX_BLOCK_DEPTH = 5;
/** Emphasis inside emphasis: deeper markers stay text. */
const MAX_INLINE_DEPTH = 6;

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const QUOTE = /^ {0,3}> ?/;
const ITEM = /^( {0,3})([-*+]|(\d{1,9})[.)])( +|$)/;
const RULE = /^ {0,3}([-*_])(?: *\1){2,} *$/;
const PUNCTUATION = /[!-/:-@[-`{-~]/;
const WORD = /[\p{L}\p{N}]/u;

const leading = (line: string) => line.length - line.trimStart().length;

function closesFence(line: string, mark: string) {
  const trimmed = line.trim();
  return trimmed.length >= mark.length && trimmed.startsWith(mark) && [...trimmed].every((ch) => ch === mark[0]);
}

/** A list's items: each marker line with the lines indented under it (and blank lines between them). */
function listAt(lines: string[], from: number, depth: number): { block: Node; next: number } {
  const first = ITEM.exec(lines[from])!;
  const ordered = first[3] !== undefined;
  const items: Node[] = [];
  let i = from;
  while (i < lines.length) {
    const marker = ITEM.exec(lines[i]);
    if (!marker || (marker[3] !== undefined) !== ordered || RULE.test(lines[i])) break;
    const markerIndent = marker[1].length;
    const contentAt = marker[0].length;
    const body = [lines[i].slice(contentAt)];
    i++;
    while (i < lines.length) {
      if (!lines[i].trim()) {
        // A blank line stays in the item only if an indented line follows it.
        let j = i;
        while (j < lines.length && !lines[j].trim()) j++;
        if (j === lines.length || leading(lines[j]) <= markerIndent) break;
        for (; i < j; i++) body.push("");
        continue;
      }
      if (leading(lines[i]) <= markerIndent) break;
      body.push(lines[i].slice(Math.min(leading(lines[i]), contentAt)));
      i++;
    }
    // A one-paragraph item is its text, as in a tight list.
    const item = blocks(body, depth + 1);
    const only = item.length === 1 ? item[0] : undefined;
    items.push({ t: "li", c: typeof only === "object" && only.t === "p" ? only.c : item });
    // Blank lines between two items of the same list.
    let j = i;
    while (j < lines.length && !lines[j].trim()) j++;
    const again = j < lines.length ? ITEM.exec(lines[j]) : null;
    if (j > i && again && (again[3] !== undefined) === ordered) i = j;
  }
  const start = Number(first[3]);
  return { block: { t: ordered ? "ol" : "ul", c: items, start: ordered && start !== 1 ? start : undefined }, next: i };
}

function blocks(lines: string[], depth: number): Node[] {
  const out: Node[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.push({ t: "p", c: inline(paragraph.join("\n")) });
    paragraph = [];
  };
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      flush();
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !closesFence(lines[i], fence[1]); i++) code.push(lines[i]);
      out.push({ t: "pre", c: [{ t: "code", c: [code.join("\n")] }] });
      i++;
      continue;
    }
    if (RULE.test(line)) {
      flush();
      out.push({ t: "hr", c: [] });
      i++;
      continue;
    }
    if (depth < MAX_BLOCK_DEPTH && QUOTE.test(line)) {
      flush();
      const inner: string[] = [];
      for (; i < lines.length && QUOTE.test(lines[i]); i++) inner.push(lines[i].replace(QUOTE, ""));
      out.push({ t: "blockquote", c: blocks(inner, depth + 1) });
      continue;
    }
    const item = depth < MAX_BLOCK_DEPTH ? ITEM.exec(line) : null;
    // As in CommonMark, a list interrupts a paragraph only with a first item of text, numbered 1 if numbered.
    if (item && (!paragraph.length || (line.slice(item[0].length).trim() && (item[3] === undefined || item[3] === "1")))) {
      flush();
      const { block, next } = listAt(lines, i, depth);
      out.push(block);
      i = next;
      continue;
    }
    paragraph.push(line);
    i++;
  }
  flush();
  return out;
}

/** The link a bare address makes: http(s) as written, www. as http://, nothing else. */
function urlAt(text: string, i: number): { end: number; href: string } | null {
  if (i > 0 && WORD.test(text[i - 1])) return null;
  const head = text.slice(i, i + 8).toLowerCase();
  const www = head.startsWith("www.");
  if (!www && !head.startsWith("http://") && !head.startsWith("https://")) return null;
  let end = i;
  while (end < text.length && !/[\s<>"`\]]/.test(text[end])) end++;
  // Trailing punctuation is the sentence's, and a closing bracket the text's unless the address opened one.
  while (end > i && /[.,;:!?'*_~)\]}]/.test(text[end - 1])) {
    const url = text.slice(i, end);
    if (text[end - 1] === ")" && url.split("(").length > url.split(")").length - 1) break;
    end--;
  }
  const url = text.slice(i, end);
  if (!/^(https?:\/\/|www\.)[\p{L}\p{N}]/iu.test(url)) return null;
  return { end, href: www ? `http://${url}` : url };
}

const EMAIL_LOCAL = /[A-Za-z0-9._%+-]/;
const EMAIL_DOMAIN = /[A-Za-z0-9.-]/;

/** Plain text with e-mail addresses made mailto: links (a forward scan from each @). */
function withEmails(text: string): Node[] {
  const out: Node[] = [];
  let done = 0;
  let at = text.indexOf("@");
  while (at !== -1) {
    let start = at;
    while (start > done && EMAIL_LOCAL.test(text[start - 1])) start--;
    while (start < at && text[start] === ".") start++;
    let end = at + 1;
    while (end < text.length && EMAIL_DOMAIN.test(text[end])) end++;
    while (end > at + 1 && /[.-]/.test(text[end - 1])) end--;
    const domain = text.slice(at + 1, end);
    if (start < at && /^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/.test(domain)) {
      if (start > done) out.push(text.slice(done, start));
      const address = text.slice(start, end);
      out.push({ t: "a", href: `mailto:${address}`, c: [address] });
      done = end;
    }
    at = text.indexOf("@", Math.max(at + 1, done));
  }
  if (done < text.length) out.push(text.slice(done));
  return out;
}

const MAX_HREF = 2048;
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/** The end of `[text](href)` starting at `i`, with its parts, if it is a link to a safe address. */
function linkAt(text: string, i: number): { end: number; label: string; href: string } | null {
  const close = text.indexOf("]", i + 1);
  if (close === -1 || text[close + 1] !== "(") return null;
  const label = text.slice(i + 1, close);
  if (!label.trim() || label.includes("[")) return null;
  // An address ends at a space or the ) that balances its own parentheses, within MAX_HREF characters
  // and before any [ (which starts the next link: "[a](" a thousand times costs no more than once).
  const limit = Math.min(text.length, close + 2 + MAX_HREF);
  let end = close + 2;
  let depth = 0;
  for (; end < limit && text.charCodeAt(end) > 32 && text[end] !== "["; end++) {
    if (text[end] === "(") depth++;
    else if (text[end] === ")" && depth-- === 0) break;
  }
  if (text[end] !== ")") return null;
  const href = text.slice(close + 2, end);
  return SAFE_HREF.test(href) ? { end: end + 1, label, href } : null;
}

/** A run of *, _ or ~ that may open or close emphasis, and the emphasis it took part in. */
interface Delim {
  ch: string;
  /** Characters of the run not yet used by a match. */
  left: number;
  length: number;
  canOpen: boolean;
  canClose: boolean;
  /** Emphasis this run closes (innermost first), then opens (innermost first). */
  closes: Match[];
  opens: Match[];
}
interface Match {
  t: "strong" | "em" | "del";
  size: number;
  /** Nested too deep: its markers stay text. */
  literal?: boolean;
}

const isSpace = (ch: string | undefined) => ch === undefined || /\s/.test(ch);
const isPunctuation = (ch: string | undefined) => ch !== undefined && /[\p{P}\p{S}]/u.test(ch);

/** CommonMark's flanking rules for a run from `start` to `end`. */
function delimiter(text: string, start: number, end: number): Delim {
  const ch = text[start];
  const before = text[start - 1];
  const after = text[end];
  const leftFlanking = !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before));
  const rightFlanking = !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after));
  const length = end - start;
  let canOpen = leftFlanking;
  let canClose = rightFlanking;
  if (ch === "_") {
    canOpen = leftFlanking && (!rightFlanking || isPunctuation(before));
    canClose = rightFlanking && (!leftFlanking || isPunctuation(after));
  }
  // ~~struck~~ only: a lone ~ is "about".
  if (ch === "~" && length !== 2) canOpen = canClose = false;
  return { ch, left: length, length, canOpen, canClose, closes: [], opens: [] };
}

/** Pairs closing runs with the nearest opening run before them (CommonMark's "process emphasis"). */
function matchEmphasis(delims: Delim[]) {
  const stack: Delim[] = [];
  // Per kind of closer, how far down the stack an opener was already looked for in vain.
  const floor = new Map<string, number>();
  for (const closer of delims) {
    while (closer.canClose && closer.left > 0) {
      const key = `${closer.ch}${closer.canOpen}${closer.length % 3}`;
      let found = -1;
      for (let j = stack.length - 1; j >= Math.min(floor.get(key) ?? 0, stack.length); j--) {
        const opener = stack[j];
        if (opener.ch !== closer.ch) continue;
        const oddMatch = (opener.canClose || closer.canOpen) && (opener.length + closer.length) % 3 === 0 && !(opener.length % 3 === 0 && closer.length % 3 === 0);
        if (closer.ch !== "~" && oddMatch) continue;
        found = j;
        break;
      }
      if (found === -1) {
        floor.set(key, stack.length);
        break;
      }
      const opener = stack[found];
      const size = closer.ch === "~" ? 2 : opener.left >= 2 && closer.left >= 2 ? 2 : 1;
      const match: Match = { t: closer.ch === "~" ? "del" : size === 2 ? "strong" : "em", size };
      opener.left -= size;
      closer.left -= size;
      opener.opens.push(match);
      closer.closes.push(match);
      // Runs between the two can no longer take part.
      stack.length = opener.left > 0 ? found + 1 : found;
    }
    if (closer.canOpen && closer.left > 0) stack.push(closer);
  }
}

type Piece = Node | Delim;
const isDelim = (piece: Piece): piece is Delim => typeof piece === "object" && "ch" in piece;

/** The pieces as a tree: matched runs become elements, the rest of every run text; addresses in text become links. */
function build(pieces: Piece[], inLink: boolean): Node[] {
  type Frame = { nodes: Node[]; text: string; match?: Match };
  const root: Frame = { nodes: [], text: "" };
  const frames: Frame[] = [root];
  const flush = (frame: Frame) => {
    if (frame.text) frame.nodes.push(...(inLink ? [frame.text] : withEmails(frame.text)));
    frame.text = "";
  };
  const add = (node: Node) => {
    const top = frames[frames.length - 1];
    if (typeof node === "string") top.text += node;
    else {
      flush(top);
      top.nodes.push(node);
    }
  };
  for (const piece of pieces) {
    if (!isDelim(piece)) {
      add(piece);
      continue;
    }
    for (const match of piece.closes) {
      if (match.literal) {
        add(piece.ch.repeat(match.size));
        continue;
      }
      const frame = frames.pop()!;
      flush(frame);
      add({ t: frame.match!.t, c: frame.nodes });
    }
    if (piece.left) add(piece.ch.repeat(piece.left));
    for (const match of [...piece.opens].reverse()) {
      if (frames.length > MAX_INLINE_DEPTH) {
        match.literal = true;
        add(piece.ch.repeat(match.size));
      } else frames.push({ nodes: [], text: "", match });
    }
  }
  flush(root);
  return root.nodes;
}

function inline(text: string, inLink = false): Node[] {
  const pieces: Piece[] = [];
  const delims: Delim[] = [];
  let plain = "";
  const push = (piece: Piece) => {
    if (plain) pieces.push(plain);
    plain = "";
    pieces.push(piece);
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === "\\" && i + 1 < text.length && PUNCTUATION.test(text[i + 1])) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === "`") {
      let run = 1;
      while (text[i + run] === "`") run++;
      const fence = "`".repeat(run);
      // The next run of exactly as many backticks closes it.
      let end = text.indexOf(fence, i + run);
      while (end !== -1 && text[end + run] === "`") {
        let skip = end;
        while (text[skip] === "`") skip++;
        end = text.indexOf(fence, skip);
      }
      if (end === -1) {
        plain += fence;
        i += run;
        continue;
      }
      const code = text.slice(i + run, end);
      push({ t: "code", c: [code.length > 2 && code.startsWith(" ") && code.endsWith(" ") ? code.slice(1, -1) : code] });
      i = end + run;
      continue;
    }
    if (!inLink && (ch === "h" || ch === "H" || ch === "w" || ch === "W")) {
      const url = urlAt(text, i);
      if (url) {
        push({ t: "a", href: url.href, c: [text.slice(i, url.end)] });
        i = url.end;
        continue;
      }
    }
    if (!inLink && ch === "[") {
      const link = linkAt(text, i);
      if (link) {
        push({ t: "a", href: link.href, c: inline(link.label, true) });
        i = link.end;
        continue;
      }
    }
    if (ch === "*" || ch === "_" || ch === "~") {
      let end = i + 1;
      while (text[end] === ch) end++;
      const delim = delimiter(text, i, end);
      delims.push(delim);
      push(delim);
      i = end;
      continue;
    }
    plain += ch;
    i++;
  }
  if (plain) pieces.push(plain);
  matchEmphasis(delims);
  return build(pieces, inLink);
}

/** A message's text as blocks of inline nodes. */
function parse(text: string): Node[] {
  return blocks(
    text.replace(/\r\n?/g, "\n").split("\n").map((line) => line.replace(/^\t+/, (tabs) => "    ".repeat(tabs.length))),
    0,
  );
}

/** A text's `@login`s of people in `names` as highlighted mentions, named in full for a pointer's hover. */
function withMentions(text: string, names: MentionNames): ReactNode {
  if (!names.size) return text;
  const out: ReactNode[] = [];
  let last = 0;
  for (const { index, login } of mentionsIn(text)) {
    const name = names.get(canonicalLogin(login));
    if (!name) continue;
    out.push(text.slice(last, index), <span key={index} className="chat-mention" title={name}>@{login}</span>);
    last = index + 1 + login.length;
  }
  return out.length ? [...out, text.slice(last)] : text;
}

/** The tree as React elements: text stays text; a link always opens apart and tells the other site nothing. */
function render(nodes: Node[], names?: MentionNames): ReactNode[] {
  return nodes.map((node, key) =>
    typeof node === "string"
      ? names && node.includes("@")
        ? createElement(Fragment, { key }, withMentions(node, names))
        : node
      : createElement(
          node.t,
          node.href ? { key, href: node.href, rel: "noopener noreferrer nofollow", target: "_blank" } : { key, start: node.start },
          ...render(node.c, node.t === "code" || node.t === "pre" || node.t === "a" ? undefined : names),
        ),
  );
}

/** A message's text rendered (parsed once per text), with its mentions of `names` highlighted. */
export const Markdown = memo(function Markdown({ text, names }: { text: string; names?: MentionNames }) {
  return <div className="chat-md">{render(parse(text), names)}</div>;
});

/** Words of the tree, blocks apart. */
const plain = (nodes: Node[]): string => nodes.map((node) => (typeof node === "string" ? node : `${plain(node.c)}${INLINE.includes(node.t) ? "" : " "}`)).join("");

/** A message's words without their markup, on one line: what the chat list previews. */
export const plainText = (text: string) => plain(parse(text)).replace(/\s+/g, " ").trim();
