/** A stable, readable background colour derived from a name (favourite projects, avatars). */
export function colorFromName(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.codePointAt(0)!) | 0;
  return `hsl(${Math.abs(hash) % 360} 55% 42%)`;
}
