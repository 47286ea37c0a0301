import { arrowTabs } from "./arrow-tabs";

export { arrowTabs };

/**
 * The frame of the document page (spec 2, "Data detail page"), wired by hand until islands/docs renders
 * the components the data page uses (FrameTools, ItemMain): the side panel's tabs, the info button that
 * shows or hides the panel on its info tab, and full screen for the viewer (its own exit button and
 * Escape leave it). The markup and styles are the page's (pages/_components/data/frame.css).
 */
export interface FrameElements {
  /** The grid of viewer and side panel; `is-side-hidden` hides the panel. */
  main: HTMLElement;
  /** The viewer; `is-fullscreen` makes it cover the window. It holds a [data-exit-fullscreen] button. */
  viewer: HTMLElement;
  /** The side panel's tablist: role=tab buttons with data-tab and aria-controls naming their panel. */
  tabs: HTMLElement;
  infoToggle: HTMLButtonElement;
  fullToggle: HTMLButtonElement;
  /** The tab the info button opens. */
  infoTab?: string;
}

export function startFrame({ main, viewer, tabs, infoToggle, fullToggle, infoTab = "info" }: FrameElements) {
  const sideTabs = [...tabs.querySelectorAll<HTMLButtonElement>("[role=tab]")];
  const sideOpen = () => !main.classList.contains("is-side-hidden");
  const sideTab = () => sideTabs.find((tab) => tab.getAttribute("aria-selected") === "true")!.dataset.tab!;

  function showSideTab(name: string) {
    for (const tab of sideTabs) {
      const on = tab.dataset.tab === name;
      tab.setAttribute("aria-selected", String(on));
      tab.tabIndex = on ? 0 : -1;
      document.getElementById(tab.getAttribute("aria-controls")!)!.hidden = !on;
    }
    infoToggle.setAttribute("aria-pressed", String(sideOpen() && name === infoTab));
  }

  tabs.addEventListener("click", (event) => {
    const tab = (event.target as Element).closest<HTMLElement>("[role=tab]");
    if (tab) showSideTab(tab.dataset.tab!);
  });
  tabs.addEventListener("keydown", (event) =>
    arrowTabs(event, sideTabs.map((tab) => tab.dataset.tab!), sideTab(), (name) => {
      showSideTab(name);
      sideTabs.find((tab) => tab.dataset.tab === name)!.focus();
    }),
  );

  infoToggle.addEventListener("click", () => {
    const hide = sideOpen() && sideTab() === infoTab;
    main.classList.toggle("is-side-hidden", hide);
    showSideTab(hide ? sideTab() : infoTab);
  });

  const isFullScreen = () => viewer.classList.contains("is-fullscreen");
  const setFullScreen = (on: boolean) => {
    viewer.classList.toggle("is-fullscreen", on);
    fullToggle.setAttribute("aria-pressed", String(on));
    document.body.classList.toggle("docv-noscroll", on);
  };
  fullToggle.addEventListener("click", () => setFullScreen(!isFullScreen()));
  // The viewer's own exit button shows only in full screen, where the header is covered.
  viewer.querySelector("[data-exit-fullscreen]")?.addEventListener("click", () => {
    setFullScreen(false);
    fullToggle.focus();
  });
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && isFullScreen() && !document.querySelector("dialog[open]")) setFullScreen(false);
  });

  return { showSideTab, setFullScreen };
}
