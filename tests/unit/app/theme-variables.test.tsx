import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '../../../src/app/theme';

/** Each rule's selectors and declarations, whitespace and quotes made alike, comments dropped. */
function declarations(css: string): string[] {
  const plain = css.replace(/\/\*[\s\S]*?\*\//g, '').replace(/'/g, '"');
  return [...plain.matchAll(/([^{}]+)\{([^}]*)\}/g)].flatMap(([, selectors = '', body = '']) => {
    const where = selectors
      .split(',')
      .map((s) => s.replace(/\s+/g, ' ').trim())
      .join(', ');
    return body
      .split(';')
      .map((d) =>
        d
          .replace(/\s+/g, ' ')
          .replace(/\s*:\s*/, ': ')
          .trim(),
      )
      .filter(Boolean)
      .map((d) => `${where} { ${d} }`);
  });
}

// The app does not let Mantine compute its CSS variables at start; they are in a file.
describe('the theme’s CSS variables', () => {
  it('are in src/ui/theme-variables.css exactly as Mantine computes them for the theme', () => {
    render(
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <div />
      </MantineProvider>,
    );
    const computed = document.querySelector('style[data-mantine-styles="true"]')?.textContent ?? '';
    const written = readFileSync('src/ui/theme-variables.css', 'utf8');
    expect(declarations(computed).length).toBeGreaterThan(3);
    expect(declarations(written).sort()).toEqual(declarations(computed).sort());
  });
});
