/** An element with a class and text: the viewers not yet components build their DOM with it. */
export function element<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}
