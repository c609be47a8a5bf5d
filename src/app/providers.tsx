import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme';

// env 'test' turns Mantine's transitions off, so unit tests see the end state at once.
type ProvidersProps = { children: ReactNode; env?: 'default' | 'test' };

/** Everything a screen needs around it; shared by the app and the unit-test renderApp helper. */
export function Providers({ children, env = 'default' }: ProvidersProps) {
  return (
    // The theme's CSS variables are in theme-variables.css, not computed at each start (a part of a slow
    // phone's first render); a unit test keeps that file equal to what Mantine computes.
    <MantineProvider theme={theme} withCssVariables={false} env={env}>
      {children}
    </MantineProvider>
  );
}
