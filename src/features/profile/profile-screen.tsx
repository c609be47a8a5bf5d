import { Stack, Title } from '@mantine/core';
import { canChangeAccountType, canEditDomainSettings, may } from '../../domain/account/permissions';
import { showReferral, showResellerPromo } from '../../domain/brand/domain-settings';
import { useDomain } from '../../sync/hooks/use-domain';
import { useSession } from '../../sync/hooks/use-session';
import { OfflineNote } from '../../ui/offline-note';
import { useOnline } from '../../ui/use-online';
import { AccountCard } from './account-card';
import { AccountTypeCard } from './account-type-card';
import { ApiKeyCard } from './api-key-card';
import { ContactDetailsCard } from './contact-details-card';
import { PasswordCard } from './password-card';
import { PhoneCard } from './phone-card';
import { ResellerPromoCard } from './reseller-promo-card';
import { ResellerSettingsCard } from './reseller-settings-card';
import { SenderIdCard } from './sender-id-card';
import { SessionsCard } from './sessions-card';
import { TwoStepCard } from './two-step-card';
import { LowBalanceCard } from './low-balance-card';
import { QuietHoursCard } from './quiet-hours-card';

const PROFILE_OFFLINE_NOTE = 'This is your profile as stored on this device. Changes need a connection';

/**
 * The profile (docs/product.md#profile): the account, sender IDs, account type, API key and the
 * reseller promo; and the account's own e-mail, company, phone and password, edited here. SMPP access and
 * the API's keys are on the Developers page, the one place for integration.
 */
export function ProfileScreen() {
  const session = useSession();
  const domainState = useDomain();
  const online = useOnline();
  if (session.status !== 'signed-in') return null;
  const { user } = session;
  // The account's own sign-in (e-mail, number, password) is its owner's: a member sees their roles' cards, and
  // the two-step card acts on the member's own sign-in.
  const owner = !user.member;
  const domain = domainState.status === 'ready' ? domainState.domain : null;
  // The settings start from the brand this host shows when it is the user's own (the operator's main
  // host), so they wait for the domain's details (from the device, at once, when it has them).
  const brand = domain?.profile_id === user.profile_id ? domain.companyname : user.companyname;
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Profile
      </Title>
      {!online && <OfflineNote online={online}>{PROFILE_OFFLINE_NOTE}</OfflineNote>}
      <AccountCard user={user} referral={domain ? showReferral(user, domain) : false} />
      {owner && <ContactDetailsCard key={`${user.email}\n${user.companyname}`} user={user} online={online} />}
      {owner && <PhoneCard user={user} online={online} />}
      {may(user, 'billing') && <LowBalanceCard key={user.lowbalancethreshold ?? 0} user={user} online={online} />}
      {may(user, 'settings') && (
        <QuietHoursCard
          key={`${user.quietstart ?? ''}-${user.quietend ?? ''}-${String(user.quietsundays)}`}
          user={user}
          online={online}
        />
      )}
      {owner && <PasswordCard online={online} />}
      <TwoStepCard user={user} online={online} />
      <SessionsCard online={online} />
      {may(user, 'settings') && <SenderIdCard user={user} online={online} />}
      {may(user, 'settings') && canChangeAccountType(user) && domain && (
        <AccountTypeCard key={user.accountType} user={user} domain={domain} online={online} />
      )}
      {may(user, 'developer') && <ApiKeyCard place="profile" />}
      {owner && domain && showResellerPromo(user, domain) && (
        <ResellerPromoCard user={user} domain={domain} online={online} />
      )}
      {may(user, 'settings') && canEditDomainSettings(user) && domainState.status !== 'loading' && (
        <ResellerSettingsCard key={user.profile_id} user={user} brand={brand} online={online} />
      )}
    </Stack>
  );
}
