/**
 * Computed fields: a formula over number fields named in square brackets ("[Length] * [Width] / 2").
 * Only arithmetic is read: numbers, + - * /, parentheses and field references; anything else is
 * refused with its position. The formula is never run as code.
 */

type Node = { kind: "number"; value: number } | { kind: "ref"; name: string } | { kind: "negate"; of: Node } | { kind: "binary"; op: "+" | "-" | "*" | "/"; left: Node; right: Node };

export type FormulaReading = { ok: true; formula: Formula } | { ok: false; at: number; problem: "empty" | "unexpected" | "unclosed" | "too_long" };

/** Long enough for any formula a person writes; deep nesting past it would only cost the stack. */
const MAX_LENGTH = 1000;

type Token = { kind: "number"; value: number; at: number } | { kind: "ref"; name: string; at: number } | { kind: "op"; op: string; at: number };

class Refused {
  constructor(
    readonly at: number,
    readonly problem: "unexpected" | "unclosed",
  ) {}
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if ("+-*/()".includes(c)) tokens.push({ kind: "op", op: c, at: i++ });
    else if (c === "[") {
      const end = text.indexOf("]", i + 1);
      const name = end < 0 ? "" : text.slice(i + 1, end).trim();
      if (end < 0) throw new Refused(i, "unclosed");
      if (!name || name.includes("[")) throw new Refused(i, "unexpected");
      tokens.push({ kind: "ref", name, at: i });
      i = end + 1;
    } else {
      const number = /^(\d+(\.\d*)?|\.\d+)/.exec(text.slice(i));
      if (!number) throw new Refused(i, "unexpected");
      tokens.push({ kind: "number", value: Number(number[0]), at: i });
      i += number[0].length;
    }
  }
  return tokens;
}

function parse(tokens: Token[], length: number): Node {
  let pos = 0;
  const peek = () => tokens[pos];
  const isOp = (op: string) => peek()?.kind === "op" && (peek() as { op: string }).op === op;
  const here = () => peek()?.at ?? length;

  function factor(): Node {
    const token = peek();
    if (!token) throw new Refused(length, "unexpected");
    if (token.kind === "number") return pos++, { kind: "number", value: token.value };
    if (token.kind === "ref") return pos++, { kind: "ref", name: token.name };
    if (token.op === "-" || token.op === "+") {
      pos++;
      const of = factor();
      return token.op === "-" ? { kind: "negate", of } : of;
    }
    if (token.op === "(") {
      pos++;
      const inner = sum();
      if (!isOp(")")) throw new Refused(here(), peek() ? "unexpected" : "unclosed");
      pos++;
      return inner;
    }
    throw new Refused(token.at, "unexpected");
  }
  function product(): Node {
    let node = factor();
    while (isOp("*") || isOp("/")) {
      const op = (tokens[pos++] as { op: "*" | "/" }).op;
      node = { kind: "binary", op, left: node, right: factor() };
    }
    return node;
  }
  function sum(): Node {
    let node = product();
    while (isOp("+") || isOp("-")) {
      const op = (tokens[pos++] as { op: "+" | "-" }).op;
      node = { kind: "binary", op, left: node, right: product() };
    }
    return node;
  }
  const root = sum();
  if (pos < tokens.length) throw new Refused(here(), "unexpected");
  return root;
}

function evaluate(node: Node, values: ReadonlyMap<string, number>): number {
  switch (node.kind) {
    case "number":
      return node.value;
    case "ref":
      return values.get(node.name) ?? 0;
    case "negate":
      return -evaluate(node.of, values);
    case "binary": {
      const left = evaluate(node.left, values);
      const right = evaluate(node.right, values);
      if (node.op === "+") return left + right;
      if (node.op === "-") return left - right;
      if (node.op === "*") return left * right;
      return left / right;
    }
  }
}

function refsOf(node: Node, into: Set<string>): Set<string> {
  if (node.kind === "ref") into.add(node.name);
  else if (node.kind === "negate") refsOf(node.of, into);
  else if (node.kind === "binary") refsOf(node.right, refsOf(node.left, into));
  return into;
}

/** A read formula: the field names it uses and its value for given field values. */
interface Formula {
  refs: string[];
  /** The result rounded to 2 decimals; a missing field counts as 0; null when it has no finite value (division by zero). */
  compute(values: ReadonlyMap<string, number>): number | null;
}

export function parseFormula(text: string): FormulaReading {
  if (text.length > MAX_LENGTH) return { ok: false, at: MAX_LENGTH, problem: "too_long" };
  if (!text.trim()) return { ok: false, at: 0, problem: "empty" };
  try {
    const root = parse(tokenize(text), text.length);
    return {
      ok: true,
      formula: {
        refs: [...refsOf(root, new Set())],
        compute(values) {
          const result = evaluate(root, values);
          return Number.isFinite(result) ? Math.round(result * 100) / 100 : null;
        },
      },
    };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, at: error.at, problem: error.problem };
    // Nesting deep enough to exhaust the stack is not a formula either.
    if (error instanceof RangeError) return { ok: false, at: 0, problem: "unexpected" };
    throw error;
  }
}
