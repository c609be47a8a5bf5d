import { Anchor, Box, Button, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDomain } from '../../sync/hooks/use-domain';
import { LANDING_PRICES } from '../../domain/money/price-table';
import { FREE_SIGNUP_CREDITS, LANDING_REFERRAL_PERCENT } from '../../domain/constants';
import { BrandLogo } from '../../ui/brand-logo';
import { PriceTable } from '../../ui/price-table';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { VisitorFooter } from '../../ui/visitor-footer';

/** The main host's landing page for visitors (docs/product.md#tenants-and-white-label): the offer, both price tables, sign-up and login. */
export function LandingScreen() {
  const state = useDomain();
  const domain = state.status === 'ready' ? state.domain : null;
  const companyname = domain?.companyname || 'Bulk SMS';
  return (
    <Box>
      <Box component="header" py="sm" px="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
        <Group justify="space-between" maw={1100} mx="auto" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {domain && <BrandLogo logo={domain.logo} companyname={companyname} size={36} />}
            <Text fw={700}>{companyname}</Text>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button component={Link} to={APP_PATHS.login.getHref()} variant="default">
              Login
            </Button>
            <Button component={Link} to={APP_PATHS.signup.getHref()}>
              Sign up
            </Button>
          </Group>
        </Group>
      </Box>
      <Container size={1100} py="xl" component="main">
        <Stack gap="xl">
          <Stack gap="sm" maw={720}>
            <Title order={1}>Bulk SMS for businesses in Ghana</Title>
            <Text size="lg">
              Send quick, scheduled, recurring and birthday messages to your customers from your phone or your desk,
              even while offline: your messages go out the moment you are back online.
            </Text>
            <List spacing="xs" size="md">
              <List.Item>{FREE_SIGNUP_CREDITS} free SMS credits when you sign up</List.Item>
              <List.Item>
                A referral bonus of {LANDING_REFERRAL_PERCENT} percent of the credit bought by the users you refer
              </List.Item>
              <List.Item>Developer, API and SMPP integration for your own systems</List.Item>
            </List>
            <Group>
              <Button component={Link} to={APP_PATHS.signup.getHref()} size="md">
                Sign up and get {FREE_SIGNUP_CREDITS} free SMS
              </Button>
              <Anchor component={Link} to={APP_PATHS.login.getHref()}>
                I already have an account
              </Anchor>
            </Group>
          </Stack>
          <Title order={2} size="h3">
            Prices
          </Title>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <PriceTable title="REGULAR (credits valid 3 months)" tiers={LANDING_PRICES.REGULAR} />
            <PriceTable title="PREMIUM (credits valid 1 year)" tiers={LANDING_PRICES.PREMIUM} />
          </SimpleGrid>
        </Stack>
      </Container>
      <Box style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <VisitorFooter domain={domain} />
      </Box>
    </Box>
  );
}
