/** What a list tells its pager; the list keeps its rows, the pager the loading state. */
interface PagerHooks<P> {
  /** The element after the last row: the next page loads when it comes within `margin` px of the view. */
  sentinel: HTMLElement;
  /** Shown while a page loads. */
  loading: HTMLElement;
  margin: number;
  /** Every row the server has is shown. */
  isFull(): boolean;
  /** Empties the list for a new search. */
  clear(): void;
  /** The page after the rows shown. */
  fetchPage(signal: AbortSignal): Promise<P>;
  /** Adds the page's rows not shown yet; answers how many were new. */
  accept(page: P): number;
  onFailure(error: unknown): void;
  /** A load began or ended: the count and the empty note may change. */
  onChange(): void;
}

/**
 * Infinite scroll over a server-paged list (data items, tasks): the next page as the end of the list
 * nears the view, a new search that aborts the load in flight, and no more asking once a page
 * brought nothing new or failed, until the next search.
 */
export function scrollPager<P>(hooks: PagerHooks<P>) {
  let loadingNow: AbortController | undefined;
  let exhausted = false;
  const sentinelInView = () =>
    hooks.sentinel.offsetParent !== null && hooks.sentinel.getBoundingClientRect().top < innerHeight + hooks.margin;
  const fillSoon = () => requestAnimationFrame(() => sentinelInView() && void load());

  /** Loads the next page, or with `reset` starts again from the first (aborting the load in flight). */
  async function load(reset = false) {
    if (reset) {
      loadingNow?.abort();
      loadingNow = undefined;
      hooks.clear();
      exhausted = false;
    } else if (loadingNow || exhausted || hooks.isFull()) return;
    const controller = (loadingNow = new AbortController());
    hooks.loading.hidden = false;
    hooks.onChange();
    try {
      const page = await hooks.fetchPage(controller.signal);
      if (controller.signal.aborted) return;
      if (!hooks.accept(page)) exhausted = true;
    } catch (error) {
      if (!controller.signal.aborted) {
        exhausted = true;
        hooks.onFailure(error);
      }
    } finally {
      if (loadingNow === controller) {
        loadingNow = undefined;
        hooks.loading.hidden = true;
        hooks.onChange();
        fillSoon();
      }
    }
  }

  new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && load(), {
    rootMargin: `0px 0px ${hooks.margin}px 0px`,
  }).observe(hooks.sentinel);

  return {
    load,
    /** A page is loading. */
    get busy() {
      return loadingNow !== undefined;
    },
    /** After rows went away or the view changed: asks for more if the end of the list shows. */
    fillSoon,
  };
}
