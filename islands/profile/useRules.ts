import { useState } from "react";
import type { Rule } from "../auth/forms";

/**
 * Live validation of a form's `values` by `rules` (the sign-in forms' rules): a field shows its first failing
 * rule once touched; the server's messages (`server`) show until the field changes.
 */
export function useRules<K extends string>(values: Record<K, string>, rules: Partial<Record<K, Rule[]>>) {
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [server, setServer] = useState<Partial<Record<string, string>>>({});
  const ruleError = (name: K) => rules[name]?.map((rule) => rule(values[name])).find(Boolean) ?? null;
  const names = Object.keys(rules) as K[];
  return {
    valid: names.every((name) => !ruleError(name)),
    error: (name: K) => server[name] ?? (touched.has(name) ? ruleError(name) : null),
    met: (name: K) => values[name] !== "" && !ruleError(name),
    touch: (name: K) => {
      setTouched((now) => new Set(now).add(name));
      setServer((now) => ({ ...now, [name]: undefined }));
    },
    /** Marks every field touched; answers whether all keep their rules. */
    touchAll: () => {
      setTouched(new Set(names));
      return names.every((name) => !ruleError(name));
    },
    reset: () => setTouched(new Set()),
    setServer,
  };
}
