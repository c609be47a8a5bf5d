// A visitor's prerendered page (the landing or login page) is already shown and its fields take typing:
// the app's code (React and the app, about a second of script on a slow phone) runs when the visitor
// first touches the page, not at load. Its files are fetched meanwhile at low priority (the gateway's
// prefetch links), so the touch runs them from the cache. docs/architecture.md "The first visit".

const TOUCHES = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
/** Clicks are held at most this long: a page the app never took over still follows its links. */
const HOLD_CLICKS_AT_MOST_MS = 10_000;

/** Whether the person has already started on the page: a field focused or typed into before this ran. */
function alreadyTouched(container: HTMLElement): boolean {
  const focused = document.activeElement;
  if (focused && focused !== document.body && container.contains(focused)) return true;
  return [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].some(
    (field) => field.value !== field.defaultValue,
  );
}

/**
 * Runs `start` (which resolves once the app holds the page) at the first touch of the page. A click on
 * a link or button of the page before then is held and given again once the app holds it, so it does
 * what the app makes of it (a link within the app, not a new page load).
 */
export function startAtFirstTouch(container: HTMLElement, start: () => Promise<void>): void {
  let started: Promise<void> | null = null;
  let ready = false;
  const begin = () => {
    if (started) return started;
    for (const type of TOUCHES) document.removeEventListener(type, begin, true);
    const release = () => {
      ready = true;
    };
    setTimeout(release, HOLD_CLICKS_AT_MOST_MS);
    started = start().then(release, release);
    return started;
  };
  const holdClick = (event: MouseEvent) => {
    if (ready) return document.removeEventListener('click', holdClick, true);
    const target = event.target instanceof Element ? event.target.closest('a[href], button') : null;
    if (!(target instanceof HTMLElement) || !container.contains(target)) return;
    // A link out of the app (the owner's terms, opened in a new tab) goes at once, as the browser would.
    if (target instanceof HTMLAnchorElement && (target.target === '_blank' || target.origin !== location.origin))
      return;
    event.preventDefault();
    event.stopPropagation();
    void begin().then(() => target.isConnected && target.click());
  };
  document.addEventListener('click', holdClick, true);
  if (alreadyTouched(container)) {
    void begin();
    return;
  }
  for (const type of TOUCHES) document.addEventListener(type, begin, { capture: true, passive: true });
}
