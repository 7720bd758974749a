/** What a visitor does when they start using part of the page (in the capture phase, so nothing can stop it first). */
const ENGAGING_EVENTS = ["pointerdown", "focusin", "keydown", "input", "change"] as const;

/** A control whose value the visitor has changed: typed into, or chosen from, before any script watched it. */
function changed(element: Element): boolean {
  if (element instanceof HTMLInputElement) return element.value !== element.defaultValue;
  if (element instanceof HTMLSelectElement) return [...element.options].some((o) => o.selected !== o.defaultSelected);
  return false;
}

/**
 * Resolves when the part of the page with this id is about to be used, so its code loads then and not with the page:
 * the visitor presses, focuses, types or chooses in it; with `near`, also when it comes within a screen of the
 * viewport or the address points at it (a link to `#id`). Resolves at once when the visitor already did so before
 * this ran (a slow connection: the page works before its scripts arrive), and on the server, which renders it whole.
 */
export function whenNeeded(id: string, { near = false } = {}): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  const element = document.getElementById(id);
  if (!element) return Promise.resolve();
  return new Promise((resolve) => {
    const controller = new AbortController();
    let observer: IntersectionObserver | undefined;
    const done = () => {
      controller.abort();
      observer?.disconnect();
      resolve();
    };
    const engaged = (event: Event) => event.target instanceof Node && element.contains(event.target) && done();
    for (const type of ENGAGING_EVENTS)
      document.addEventListener(type, engaged, { capture: true, signal: controller.signal });
    if (near) {
      observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
        rootMargin: "100% 0px",
      });
      observer.observe(element);
      window.addEventListener("hashchange", () => location.hash === `#${id}` && done(), { signal: controller.signal });
    }
    if (
      element.contains(document.activeElement) ||
      [...element.querySelectorAll("input, select")].some(changed) ||
      (near && location.hash === `#${id}`)
    )
      done();
  });
}

/**
 * What React's `lazy` takes for a module it may use at once: a thenable that calls back synchronously. On the server,
 * where the part of the page is rendered whole into the HTML (a promise would resolve only after React has sent the
 * shell, and the part would then arrive in a second, hidden chunk that a script swaps in).
 */
export function loadedModule<T>(component: T): Promise<{ default: T }> {
  const thenable = { then: (resolve: (module: { default: T }) => void) => resolve({ default: component }) };
  return thenable as unknown as Promise<{ default: T }>;
}
