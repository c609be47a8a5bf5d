import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme';

type ProvidersProps = { children: ReactNode };

/** Everything a screen needs around it; shared by the app and the unit-test renderApp helper. */
export function Providers({ children }: ProvidersProps) {
  return <MantineProvider theme={theme}>{children}</MantineProvider>;
}
