// What a visitor types into a prerendered page (docs/architecture.md#the-pwa-flows) before the app takes it over. React keeps the
// text on the page when it hydrates, but its state (the form's fields) starts empty: the Login button
// would stay disabled over a filled form. Once the screen is hydrated, each field typed into is given
// to React as if typed then.

let hydrating: HTMLElement | null = null;
let hydrated: () => void = () => {};

/**
 * Called before hydrating `container`: its fields' typed text is handed over once the screen is hydrated.
 * Resolves then: the app holds the page.
 */
export function expectTypedBeforeHydration(container: HTMLElement): Promise<void> {
  hydrating = container;
  return new Promise((resolve) => {
    hydrated = resolve;
  });
}

/** Called when a screen has rendered (lazy-screen.tsx): hands over what was typed, once. */
export function replayTypedBeforeHydration(): void {
  const container = hydrating;
  hydrating = null;
  if (!container) return;
  // After the handing over below, which runs first: what the page does next sees the typed text.
  queueMicrotask(hydrated);
  // Read first: the form's first change renders it, which sets its other fields to its (empty) state.
  const typed = [...container.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]
    .filter((field) => !(field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')))
    .filter((field) => field.value !== field.defaultValue)
    .map((field) => [field, field.value] as const);
  for (const [field, text] of typed) {
    // React notices a change against the value it last saw, which hydration took from the page: the
    // field is set back, then to the typed text, through the element's own setter, each with its event.
    const setValue = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')!.set!;
    for (const value of [field.defaultValue, text]) {
      setValue.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}
