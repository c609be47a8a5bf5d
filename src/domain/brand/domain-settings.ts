// Domain-dependent rights: reseller promo, referral, purchase and price tiers (docs/product.md#roles-and-permissions).
import type { DomainDetails, PriceTier, UserInfo } from '../types';
import { TOP_SUPERVISOR_ID } from '../constants';
import { parseLocalRate } from '../money/pricing';

export type DomainSettings = Pick<
  DomainDetails,
  | 'usepaymentgateway'
  | 'localrate'
  | 'paystackpubkey'
  | 'enablereferral'
  | 'enablereseller'
  | 'internationalcreditbalance'
  | 'pricesexcludetax'
>;

type SettingsUser = Pick<UserInfo, 'profile_id'>;

// The domain's owner buys from its own supervisor, so the sup-prefixed settings apply to it.
export function domainSettings(user: SettingsUser | null, domain: DomainDetails): DomainSettings {
  if (user === null || user.profile_id !== domain.profile_id) {
    const { usepaymentgateway, localrate, paystackpubkey, enablereferral, enablereseller, internationalcreditbalance } =
      domain;
    const pricesexcludetax = domain.pricesexcludetax ?? false;
    return {
      usepaymentgateway,
      localrate,
      paystackpubkey,
      enablereferral,
      enablereseller,
      internationalcreditbalance,
      pricesexcludetax,
    };
  }
  return {
    usepaymentgateway: domain.supusepaymentgateway,
    localrate: domain.suplocalrate,
    paystackpubkey: domain.suppaystackpubkey,
    enablereferral: domain.supenablereferral,
    enablereseller: domain.supenablereseller,
    internationalcreditbalance: domain.supInternationalBalance,
    pricesexcludetax: domain.suppricesexcludetax ?? false,
  };
}

export const RESELLER_PROMO_PARENT_IDS: readonly number[] = [6, 1, 308];

// "Parent accounts with ids 6, 1 or 308" read as the user's supid, as for PREMIUM (6 and 1).
export function showResellerPromo(user: Pick<UserInfo, 'profile_id' | 'supid'>, domain: DomainDetails): boolean {
  return domainSettings(user, domain).enablereseller && RESELLER_PROMO_PARENT_IDS.includes(user.supid);
}

export function canBecomeReseller(user: Pick<UserInfo, 'profile_id' | 'accountType'>, domain: DomainDetails): boolean {
  return user.accountType !== 'RESELLER' && domainSettings(user, domain).enablereseller;
}

export const showReferral = (user: SettingsUser | null, domain: DomainDetails): boolean =>
  domainSettings(user, domain).enablereferral;

// The purchase form needs the card gateway; without it the page is a price list only.
export const canPurchase = (user: SettingsUser, domain: DomainDetails): boolean =>
  domainSettings(user, domain).usepaymentgateway;

export function showLoginPriceTable(domain: DomainDetails): boolean {
  return domain.profile_id !== TOP_SUPERVISOR_ID && parseLocalRate(domain.localrate).REGULAR.length > 0;
}

// Premium prices only for accounts that are premium; resellers use the fixed volume table instead.
export function priceTiersFor(user: Pick<UserInfo, 'profile_id' | 'accountType'>, domain: DomainDetails): PriceTier[] {
  if (user.accountType === 'RESELLER') return [];
  const rates = parseLocalRate(domainSettings(user, domain).localrate);
  return user.accountType === 'PREMIUM' ? rates.PREMIUM : rates.REGULAR;
}
