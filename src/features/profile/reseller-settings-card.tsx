import { useState } from 'react';
import { Button, Paper, Stack, Switch, Title } from '@mantine/core';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { saveResellerSettings, verifyResellerDomain } from '../../sync/domain-settings';
import { PriceTierEditor, tiersAcceptable } from './price-tier-editor';
import { RESELLER_SAVE_FAILED } from '../../domain/alerts';
import { isTopSupervisor } from '../../domain/account/permissions';
import { DomainHostField, type Verification } from './domain-host-field';
import { draftOf, settingsInputOf, verificationOf, type SetDraftField } from './reseller-settings-draft';
import { BrandFields, InvoiceFields, LegalPageFields, PaymentFields, ReferralFields } from './reseller-settings-fields';
const BAD_TIER = 'Each price needs a numeric price and a numeric rate that is not zero';

/**
 * The domain settings (docs/product.md#reseller-settings): the domain (a reseller's, pointed at this
 * server, then verified; the operator's main host, fixed), company name, logo, background, sender ID,
 * price tiers, referral, payment gateway and captcha keys, reselling for the operator, and the save's texts.
 * `brand`: the company name the domain shows now (the account's own until its domain serves).
 */
export function ResellerSettingsCard({ user, brand, online }: { user: StoredUser; brand: string; online: boolean }) {
  const operator = isTopSupervisor(user);
  const own = user.domain !== '';
  const [draft, setDraft] = useState(() => draftOf(user, brand));
  const set: SetDraftField = (key, value) => setDraft((current) => ({ ...current, [key]: value }));
  // What the gateway last said of the domain: from the user info, then from Save and Verify.
  const [verification, setVerification] = useState<Verification | null>(() => verificationOf(user));
  const { busy, run } = useAction(RESELLER_SAVE_FAILED);
  const checking = useAction(RESELLER_SAVE_FAILED);

  const save = async () => {
    if (!tiersAcceptable(draft.regular) || !tiersAcceptable(draft.premium))
      return emitAlert({ message: BAD_TIER, severity: 'warning' });
    const input = settingsInputOf(draft, operator);
    await run(async () => {
      const answer = await saveResellerSettings(input);
      setVerification(answer);
      setDraft((current) => ({ ...current, seckey: '', captchaSecret: '' }));
      emitAlert({ message: answer.message || 'successful', status: 'successful' });
    });
  };

  const verify = () =>
    checking.run(async () => {
      const answer = await verifyResellerDomain();
      setVerification(answer);
      emitAlert({ message: answer.message, status: answer.status });
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-title">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack gap="md">
          <Title order={2} size="h4" id="settings-title">
            {operator ? 'Main host settings' : 'Your white-label platform'}
          </Title>
          <DomainHostField
            mainHost={operator ? user.domain : null}
            domain={draft.domain}
            onDomain={(domain) => set('domain', domain)}
            verification={verification}
            onVerify={() => void verify()}
            verifying={checking.busy}
            online={online}
          />
          <BrandFields draft={draft} set={set} user={user} own={own} />
          <PriceTierEditor accountType="REGULAR" rows={draft.regular} onChange={(rows) => set('regular', rows)} />
          <PriceTierEditor accountType="PREMIUM" rows={draft.premium} onChange={(rows) => set('premium', rows)} />
          <InvoiceFields draft={draft} set={set} />
          <LegalPageFields draft={draft} set={set} />
          <ReferralFields draft={draft} set={set} />
          <PaymentFields draft={draft} set={set} user={user} own={own} />
          {operator && (
            <Switch
              label="Reselling"
              description="Your clients may become resellers and sell under their own brand on their own domains"
              checked={draft.reselling}
              onChange={(e) => set('reselling', e.currentTarget.checked)}
            />
          )}
          <Button type="submit" loading={busy} disabled={!online} w="fit-content">
            Save settings
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
