/** Left/right (and Home/End) move between tabs, as the ARIA tabs pattern says. */
export function arrowTabs<T extends string>(event: { key: string; preventDefault(): void }, names: T[], current: T | undefined, choose: (name: T) => void) {
  const at = current ? names.indexOf(current) : 0;
  const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: names.length - 1 };
  if (!(event.key in moves)) return;
  event.preventDefault();
  choose(names[(moves[event.key]! + names.length) % names.length]!);
}
