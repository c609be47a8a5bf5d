import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { amountForCredits, tiersFor } from '../../domain/money/purchase-quote';
import { formatAccra } from '../../domain/dates';
import { creditHistoryPath, isTopSupervisor } from '../../domain/account/permissions';
import type { StoredDomain, StoredUser } from '../../db/app-db';
import { useDomain } from '../../sync/hooks/use-domain';
import { useSession } from '../../sync/hooks/use-session';
import { useOnline } from '../../ui/use-online';
import { PriceTable } from '../../ui/price-table';
import { SectionCard } from '../../ui/section-card';
import { ResellerRateTable } from '../../ui/reseller-rate-table';
import { PurchaseForm } from './purchase-form';
import { PurchaseOutcome } from './purchase-outcome';
import { AutoTopupCard } from './auto-topup-card';
import { numberFormat } from '../../domain/numbers/number-format';

export const NO_CARD_PAYMENTS = 'Card payments are not enabled here: please contact your provider to buy credit';
/** Profile 6 is the platform: nobody sells to it (docs/product.md#buying-credit). */
export const OPERATOR_BUYS_NONE =
  'You run this platform, so there is no one to buy credit from and your credit does not expire. Your clients buy at the prices you set on your profile, and you give credit from Client management.';
const number = numberFormat();

/**
 * Who sells to the user and on what terms: its domain's (the user info carries them), except for
 * the owner of the current domain, who buys from its own supervisor (the sup-prefixed settings:
 * docs/product.md#roles-and-permissions).
 */
function sellerTerms(user: StoredUser, domain: StoredDomain | null) {
  const ownsDomain = domain !== null && domain.profile_id === user.profile_id;
  return {
    localrate: ownsDomain ? domain.suplocalrate : user.localrate,
    cardPayments: ownsDomain ? domain.supusepaymentgateway : user.usepaymentgateway,
    excludesTax: (ownsDomain ? domain.suppricesexcludetax : user.pricesexcludetax) ?? false,
  };
}

/** The purchase page (docs/product.md#buying-credit): the balance, the price table for the account type and, when allowed, the form. */
export function PurchaseScreen() {
  const session = useSession();
  const domainState = useDomain();
  const online = useOnline();
  if (session.status !== 'signed-in') return null;
  const { user } = session;
  const terms = sellerTerms(user, domainState.status === 'ready' ? domainState.domain : null);
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Purchase SMS credits
      </Title>
      <PurchaseOutcome />
      <Group gap="xl" wrap="wrap">
        <Text>
          Balance: <b>{number.format(user.creditbalance)} SMS credits</b>
          {user.creditexpires > 0 && `, valid until ${formatAccra(user.creditexpires * 1000, 'd MMM yyyy')}`}
        </Text>
        <Text component={Link} to={creditHistoryPath(user)} c="blue.8" size="sm">
          SMS credits purchase history
        </Text>
      </Group>
      {isTopSupervisor(user) ? (
        <Alert color="blue" variant="light">
          {OPERATOR_BUYS_NONE}
        </Alert>
      ) : (
        <SellerOffer user={user} terms={terms} online={online} />
      )}
    </Stack>
  );
}

/** The seller's prices for the account type (a reseller's volume table) and, with card payments on, the form. */
function SellerOffer({
  user,
  terms,
  online,
}: {
  user: StoredUser;
  terms: ReturnType<typeof sellerTerms>;
  online: boolean;
}) {
  const tiers = tiersFor(terms.localrate, user.accountType);
  return (
    <>
      <SectionCard id="prices-title" title="Prices">
        {user.accountType === 'RESELLER' ? (
          <>
            <ResellerRateTable />
            <Text size="sm">
              Your applicable rate: <b>{user.applicableRate} per SMS</b> (from your last 30 days of sending)
            </Text>
          </>
        ) : tiers.length > 0 ? (
          <PriceTable title={`${user.accountType} account prices`} tiers={tiers} />
        ) : (
          <Text c="dimmed">No prices are set for your account type yet.</Text>
        )}
      </SectionCard>
      {terms.cardPayments ? (
        <>
          <PurchaseForm
            buyer={{ ...user, localrate: terms.localrate, excludesTax: terms.excludesTax }}
            online={online}
          />
          <AutoTopupCard
            online={online}
            refreshKey={user.creditbalance}
            price={(credits) => amountForCredits(credits, user.accountType, tiers, user.applicableRate)}
          />
        </>
      ) : (
        <Alert color="blue" variant="light">
          {NO_CARD_PAYMENTS}
        </Alert>
      )}
    </>
  );
}
