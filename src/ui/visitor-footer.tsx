import { Anchor, Group, Text } from '@mantine/core';
import type { DomainDetails } from '../domain/types';
import { safeLegalPage } from '../domain/brand/legal-pages';

const ROW_GAP = { rowGap: 'var(--mantine-spacing-xs)' };

/**
 * The foot of a visitor's pages (landing, login, sign-up): whose platform it is, its contact number,
 * and the owner's own terms and privacy pages when given (docs/product.md#tenants-and-white-label).
 */
export function VisitorFooter({ domain }: { domain: DomainDetails | null }) {
  const companyname = domain?.companyname || 'Bulk SMS';
  const terms = safeLegalPage(domain?.termsurl);
  const privacy = safeLegalPage(domain?.privacyurl);
  return (
    <Group component="footer" justify="center" gap="md" py="md" px="md" c="dimmed" wrap="wrap" style={ROW_GAP}>
      <Text size="sm">© {companyname}</Text>
      {domain?.telnumber && <Text size="sm">Contact {domain.telnumber}</Text>}
      {terms && (
        <Anchor href={terms} target="_blank" rel="noopener noreferrer" size="sm">
          Terms of service
        </Anchor>
      )}
      {privacy && (
        <Anchor href={privacy} target="_blank" rel="noopener noreferrer" size="sm">
          Privacy policy
        </Anchor>
      )}
    </Group>
  );
}
