import { createTheme, type CSSVariablesResolver } from '@mantine/core';
import { NARROW_BREAKPOINT_PX } from '../domain/constants';

// Shade 8 of Mantine's blue passes WCAG AA contrast for white text; the default shade does not.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  // The side menu shows from 1000 px (docs/product.md#limits); Mantine's md is that breakpoint here.
  breakpoints: { xs: '36em', sm: '48em', md: `${NARROW_BREAKPOINT_PX / 16}em`, lg: '75em', xl: '88em' },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A list's options are drawn when it opens, not with the form: kept mounted (Mantine's default),
    // each Select drew its hidden options and placed them at mount, which a cheap phone paid for on every
    // form with lists (docs/architecture.md#the-pwa-flows, Signing in).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

// Mantine's dimmed text (gray 6) is about 3.3:1 on white; gray 7 passes WCAG AA.
// The light variant's text (alerts, badges) on its 10% tint read at 1.7 to 3.6:1: each colour used so
// has a tone of its own dark enough for 4.5:1 on its tint (WCAG AA).
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-orange-light-color': '#b23c00',
    '--mantine-color-yellow-light-color': '#8a5300',
    '--mantine-color-green-light-color': '#226e31',
    '--mantine-color-teal-light-color': '#066649',
    '--mantine-color-red-light-color': '#b02525',
    '--mantine-color-blue-light-color': '#1864ab',
    '--mantine-color-grape-light-color': 'var(--mantine-color-grape-8)',
  },
  dark: {},
});
