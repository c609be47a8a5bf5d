import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Title } from '@mantine/core';
import type { StoredDomain } from '../../db/app-db';
import { safeAssetPath } from '../../domain/navigation/safe-url';
import { BrandLogo } from '../../ui/brand-logo';
import { VisitorFooter } from '../../ui/visitor-footer';

type AuthFrameProps = { domain: StoredDomain | null; title?: string; children: ReactNode; wide?: boolean };

/** The login and sign-up pages: the domain's background image, logo and company name around a card. */
export function AuthFrame({ domain, title, children, wide }: AuthFrameProps) {
  const background = domain ? safeAssetPath(domain.backgroundImage, window.location.origin) : null;
  const companyname = domain?.companyname || 'Bulk SMS';
  return (
    <Box
      mih="100dvh"
      style={{
        backgroundColor: 'var(--mantine-color-gray-1)',
        backgroundImage: background ? `url("${background}")` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
      }}
    >
      <Stack mih="100dvh" gap={0} justify="space-between">
        <Center p="md" style={{ flex: 1 }}>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="md" w="100%" maw={wide ? 720 : 440}>
            <Stack gap="md">
              <Stack gap={4} align="center">
                {domain && <BrandLogo logo={domain.logo} companyname={companyname} size={64} />}
                <Title order={1} size="h2" ta="center">
                  {companyname}
                </Title>
                {title && (
                  <Title order={2} size="h4" fw={500} c="dimmed" ta="center">
                    {title}
                  </Title>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
        </Center>
        <VisitorFooter domain={domain} />
      </Stack>
    </Box>
  );
}
