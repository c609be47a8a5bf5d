import type { ReactNode } from 'react';
import { MantineProvider, type CSSVariablesResolver } from '@mantine/core';
import { theme } from './theme';

// env 'test' turns Mantine's transitions off, so unit tests see the end state at once.
type ProvidersProps = { children: ReactNode; env?: 'default' | 'test' };

// Mantine's dimmed text (gray 6) is about 3.3:1 on white; gray 7 passes WCAG AA.
const resolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});

/** Everything a screen needs around it; shared by the app and the unit-test renderApp helper. */
export function Providers({ children, env = 'default' }: ProvidersProps) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={resolver} env={env}>
      {children}
    </MantineProvider>
  );
}
