import { afterEach, describe, expect, it } from 'vitest';
import { startAtFirstTouch } from '../../../src/app/first-touch';

// A visitor's prerendered page runs the app at the first touch; a click before the app holds the
// page is given again once it does.

function page() {
  const container = document.createElement('div');
  const field = document.createElement('input');
  field.name = 'emailusername';
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Show';
  container.append(field, button);
  document.body.append(container);
  return container;
}

/** A start that resolves when told, counting its calls. */
function deferredStart() {
  let resolve = () => {};
  const calls = { count: 0 };
  const start = () => {
    calls.count++;
    return new Promise<void>((done) => {
      resolve = done;
    });
  };
  return { start, calls, finish: () => resolve() };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe('startAtFirstTouch', () => {
  it('runs nothing until the page is touched, then runs the app once', () => {
    const container = page();
    const app = deferredStart();
    startAtFirstTouch(container, app.start);
    expect(app.calls.count).toBe(0);
    container.querySelector('input')!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(app.calls.count).toBe(1);
  });

  it('runs the app at once when a field was typed into before it loaded', () => {
    const container = page();
    container.querySelector('input')!.value = 'acmeclient';
    const app = deferredStart();
    startAtFirstTouch(container, app.start);
    expect(app.calls.count).toBe(1);
  });

  it('holds a click on a button until the app holds the page, then gives it again', async () => {
    const container = page();
    const app = deferredStart();
    startAtFirstTouch(container, app.start);
    const button = container.querySelector('button')!;
    const seen: boolean[] = [];
    button.addEventListener('click', (event) => seen.push(event.defaultPrevented));
    button.click();
    expect(seen).toEqual([]);
    expect(app.calls.count).toBe(1);
    app.finish();
    await expect.poll(() => seen).toEqual([false]);
  });

  it("lets a link out of the app (the owner's terms, in a new tab) go at once", () => {
    const container = page();
    const terms = document.createElement('a');
    terms.href = 'https://example.com/terms';
    terms.target = '_blank';
    container.append(terms);
    startAtFirstTouch(container, deferredStart().start);
    const seen: boolean[] = [];
    terms.addEventListener('click', (event) => {
      seen.push(event.defaultPrevented);
      event.preventDefault();
    });
    terms.click();
    expect(seen).toEqual([false]);
  });
});
