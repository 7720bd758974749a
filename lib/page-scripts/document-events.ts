/**
 * A listener for events anywhere in the page, on the document in the capture phase. The page's inline script adds its
 * listeners before React adds its own there, so they run first: React stops an event from going any further when its
 * target is in a part of the page it has not hydrated, or never hydrates (app/_components/static-parts.tsx), and a
 * listener on the element itself, or on the document after the event has passed, would then never hear it.
 */
export function onDocument<K extends keyof DocumentEventMap>(
  type: K,
  listener: (event: DocumentEventMap[K]) => void,
): void {
  document.addEventListener(type, listener, true);
}
