import type { Page } from 'playwright-core';

/**
 * Accessibility checks run in the page, as axe's rules of the same names do (the repository has no axe
 * package): text contrast at WCAG AA (4.5:1, 3:1 for large text), every button and link named, and
 * links with one name going to one place, and a button repeated in each card or row naming its item.
 * Answers one line per problem.
 */
export function accessibilityProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = [number, number, number, number];
    const parse = (css: string): Rgba | null => {
      const m = /rgba?\(([^)]+)\)/.exec(css);
      if (!m) return null;
      const [r = 0, g = 0, b = 0, a = 1] = m[1]!
        .split(/[\s,/]+/)
        .filter(Boolean)
        .map(Number);
      return [r, g, b, a];
    };
    const over = (top: Rgba, below: Rgba): Rgba => {
      const a = top[3] + below[3] * (1 - top[3]);
      if (a === 0) return [0, 0, 0, 0];
      const mix = (i: number) => (top[i]! * top[3] + below[i]! * below[3] * (1 - top[3])) / a;
      return [mix(0), mix(1), mix(2), a];
    };
    const luminance = ([r, g, b]: Rgba) => {
      const channel = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const ratio = (a: Rgba, b: Rgba) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
      return (hi + 0.05) / (lo + 0.05);
    };
    /** The colour behind an element, its ancestors' backgrounds laid over white; null over an image. */
    const background = (el: Element): Rgba | null => {
      const layers: Rgba[] = [];
      for (let node: Element | null = el; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.backgroundImage !== 'none' && !style.backgroundImage.startsWith('linear-gradient')) return null;
        const colour = parse(style.backgroundColor);
        if (colour && colour[3] > 0) layers.push(colour);
        if (colour && colour[3] === 1) break;
      }
      return layers.reduceRight<Rgba>((below, top) => over(top, below), [255, 255, 255, 1]);
    };
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && Number(style.opacity) > 0.1;
    };
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60)}"`;
    const problems: string[] = [];

    // color-contrast: each element that holds text of its own.
    const seen = new Set<Element>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const el = text.parentElement;
      if (!el || seen.has(el) || !(text.textContent ?? '').trim()) continue;
      seen.add(el);
      if (!visible(el) || el.closest('[aria-hidden="true"], [inert], script, style, noscript')) continue;
      // Disabled controls are exempt in WCAG, as in axe.
      if (el.closest('button:disabled, [data-disabled], [aria-disabled="true"], input:disabled')) continue;
      const style = getComputedStyle(el);
      const fg = parse(style.color);
      const bg = background(el);
      if (!fg || !bg) continue;
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const found = ratio(over(fg, bg), bg);
      if (found < (large ? 3 : 4.5)) problems.push(`color-contrast ${found.toFixed(2)}:1 ${describe(el)}`);
    }

    // button-name, link-name: every control says what it is.
    const nameOf = (el: Element): string => {
      const labelled = el.getAttribute('aria-labelledby');
      if (labelled)
        return labelled
          .split(/\s+/)
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' ')
          .trim();
      const label = el.getAttribute('aria-label')?.trim();
      if (label) return label;
      const alts = [...el.querySelectorAll('img[alt]')].map((img) => img.getAttribute('alt')).join(' ');
      return ((el as HTMLElement).innerText ?? '').trim() || alts.trim() || el.getAttribute('title')?.trim() || '';
    };
    const controls = [...document.querySelectorAll('a[href], button, [role="button"], [role="link"]')].filter(
      (el) => visible(el) && !el.closest('[aria-hidden="true"], [inert]'),
    );
    for (const el of controls) if (!nameOf(el)) problems.push(`control-name: a nameless ${describe(el)}`);

    // identical-links-same-purpose: one name, one destination.
    const targets = new Map<string, Set<string>>();
    for (const el of controls) {
      const href = el.getAttribute('href');
      if (!href) continue;
      const name = nameOf(el).toLowerCase();
      targets.set(name, (targets.get(name) ?? new Set()).add(new URL(href, location.href).pathname));
    }
    for (const [name, hrefs] of targets)
      if (hrefs.size > 1) problems.push(`identical-links: "${name}" goes to ${[...hrefs].join(', ')}`);

    // Repeated buttons, one per card, row or item: each says which one it acts on.
    const byName = new Map<string, Element[]>();
    for (const el of controls) {
      if (el.getAttribute('href')) continue;
      const item = el.closest('article, [role="listitem"], li, tr');
      if (!item) continue;
      const name = nameOf(el).toLowerCase();
      byName.set(name, [...(byName.get(name) ?? []), item]);
    }
    for (const [name, items] of byName)
      if (new Set(items).size > 1) problems.push(`identical-buttons: "${name}" in ${items.length} items`);
    return problems;
  });
}
