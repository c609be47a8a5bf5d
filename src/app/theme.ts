import { createTheme } from '@mantine/core';

// Shade 8 of Mantine's blue passes WCAG AA contrast for white text; the default shade does not.
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});
