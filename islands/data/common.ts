

export const byId = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

/** Calls `run` once input has paused for `ms`. */
export function debounce<A extends unknown[]>(run: (...args: A) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => run(...args), ms);
  };
}
