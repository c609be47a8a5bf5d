import { useState } from 'react';
import {
  Button,
  Code,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { DomainSettingsInput } from '../../api/domain-settings-api';
import { acceptsReferralPercentageInput, parseLocalRate, referralFractionToPercent } from '../../domain/money/pricing';
import type { StoredUser } from '../../db/app-db';
import { emitAlert } from '../../notify/alerts-bus';
import { useAction } from '../../sync/hooks/use-action';
import { saveResellerSettings, verifyResellerDomain } from '../../sync/domain-settings';
import { ImageField } from './image-field';
import { PriceTierEditor, tierDrafts, tiersAcceptable, tiersOf, type TierDraft } from './price-tier-editor';
import { RESELLER_SAVE_FAILED } from '../../domain/alerts';
import { PAYSTACK_WEBHOOK_PATH } from '../../domain/navigation/api-paths';
import { domainSenderIdHelp, splitSenderIds } from '../../domain/messages/sender-id';
import { isTopSupervisor } from '../../domain/account/permissions';
import { DomainHostField, type Verification } from './domain-host-field';
const BAD_TIER = 'Each price needs a numeric price and a numeric rate that is not zero';

/** A secret as shown once saved (or its last four characters, all the gateway tells): never in full. */
const masked = (secret: string) => (secret ? `saved, ending ${secret.slice(-4)}` : 'not set');

/**
 * The domain settings (docs/product.md#reseller-settings): the domain (a reseller's, pointed at this
 * server, then verified; the operator's main host, fixed), company name, logo, background, sender ID,
 * price tiers, referral, payment gateway and captcha keys, reselling for the operator, and the save's texts.
 * `brand`: the company name the domain shows now (the account's own until its domain serves).
 */
export function ResellerSettingsCard({ user, brand, online }: { user: StoredUser; brand: string; online: boolean }) {
  const operator = isTopSupervisor(user);
  // Before it owns a domain, the user's info carries its supervisor's settings: only the prices are a
  // useful start; keys, sender ID and switches start empty.
  const own = user.domain !== '';
  const rates = parseLocalRate(user.localrate);
  const [domain, setDomain] = useState(user.domain);
  const [companyname, setCompanyname] = useState(brand);
  const [senderid, setSenderid] = useState(own ? user.senderid : '');
  const [logo, setLogo] = useState<string | null>(null);
  const [background, setBackground] = useState<string | null>(null);
  const [regular, setRegular] = useState<TierDraft[]>(tierDrafts(rates.REGULAR));
  const [premium, setPremium] = useState<TierDraft[]>(tierDrafts(rates.PREMIUM));
  const [referral, setReferral] = useState(own && user.enablereferral);
  const [percent, setPercent] = useState(own ? String(referralFractionToPercent(user.referralpercentage)) : '');
  const [gateway, setGateway] = useState(own && user.usepaymentgateway);
  const [pubkey, setPubkey] = useState(own ? user.paystackpubkey : '');
  const [seckey, setSeckey] = useState('');
  const [siteKey, setSiteKey] = useState(own ? user.recaptcha_site_key : '');
  const [captchaSecret, setCaptchaSecret] = useState('');
  const [reselling, setReselling] = useState(own && user.enablereseller);
  // What the gateway last said of the domain: from the user info, then from Save and Verify.
  const [verification, setVerification] = useState<Verification | null>(
    own
      ? {
          domainverified: user.domainverified,
          domainverifyname: user.domainverifyname,
          domainverifytoken: user.domainverifytoken,
        }
      : null,
  );
  const { busy, run } = useAction(RESELLER_SAVE_FAILED);
  const checking = useAction(RESELLER_SAVE_FAILED);

  const save = async () => {
    if (!tiersAcceptable(regular) || !tiersAcceptable(premium))
      return emitAlert({ message: BAD_TIER, severity: 'warning' });
    const input: DomainSettingsInput = {
      // The main host is the gateway's own (MAIN_HOST); only the operator decides whether its clients may resell.
      ...(operator ? { enablereseller: reselling } : { domain: domain.trim() }),
      companyname: companyname.trim(),
      senderid: senderid.trim(),
      localrate: JSON.stringify({ REGULAR: tiersOf(regular), PREMIUM: tiersOf(premium) }),
      enablereferral: referral,
      referralpercentage: percent,
      usepaymentgateway: gateway,
      paystackpubkey: pubkey.trim(),
      recaptcha_site_key: siteKey.trim(),
      // Secrets and images only when given: left out, the saved ones stay.
      ...(seckey.trim() ? { paystackseckey: seckey.trim() } : {}),
      ...(captchaSecret.trim() ? { recaptcha_secret_key: captchaSecret.trim() } : {}),
      ...(logo ? { logo } : {}),
      ...(background ? { backgroundImage: background } : {}),
    };
    await run(async () => {
      const answer = await saveResellerSettings(input);
      setVerification(answer);
      setSeckey('');
      setCaptchaSecret('');
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
            domain={domain}
            onDomain={setDomain}
            verification={verification}
            onVerify={() => void verify()}
            verifying={checking.busy}
            online={online}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Company name"
              value={companyname}
              onChange={(e) => setCompanyname(e.currentTarget.value)}
            />
            <TextInput
              label="Sender ID"
              description={domainSenderIdHelp(splitSenderIds(user.senderidapproved))}
              value={senderid}
              onChange={(e) => setSenderid(e.currentTarget.value)}
            />
            <ImageField label="Logo" current={own ? user.logo : ''} onPicked={setLogo} />
            <ImageField label="Background image" current={own ? user.backgroundImage : ''} onPicked={setBackground} />
          </SimpleGrid>
          <PriceTierEditor accountType="REGULAR" rows={regular} onChange={setRegular} />
          <PriceTierEditor accountType="PREMIUM" rows={premium} onChange={setPremium} />
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Switch
              label="Referral programme"
              checked={referral}
              onChange={(e) => setReferral(e.currentTarget.checked)}
            />
            <TextInput
              label="Referral percentage"
              value={percent}
              onChange={(e) =>
                acceptsReferralPercentageInput(e.currentTarget.value) && setPercent(e.currentTarget.value)
              }
              inputMode="numeric"
              rightSection="%"
              w={160}
            />
          </Group>
          <Switch
            label="Card payments (Paystack)"
            checked={gateway}
            onChange={(e) => setGateway(e.currentTarget.checked)}
          />
          {gateway && own && (
            <Text size="sm" c="dimmed">
              On your Paystack dashboard, set the webhook URL to{' '}
              {/* A URL has no spaces: it breaks anywhere rather than widen a phone's page. */}
              <Code style={{ overflowWrap: 'anywhere' }}>{`https://${user.domain}${PAYSTACK_WEBHOOK_PATH}`}</Code>:
              payments are credited when Paystack confirms them.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Paystack public key" value={pubkey} onChange={(e) => setPubkey(e.currentTarget.value)} />
            <PasswordInput
              label="Paystack secret key"
              description={`Currently ${masked(own ? user.paystackseckeyending : '')}; leave empty to keep it`}
              value={seckey}
              onChange={(e) => setSeckey(e.currentTarget.value)}
            />
            <TextInput label="reCAPTCHA site key" value={siteKey} onChange={(e) => setSiteKey(e.currentTarget.value)} />
            <PasswordInput
              label="reCAPTCHA secret key"
              description={`Currently ${masked(own ? user.recaptchasecretkeyending : '')}; leave empty to keep it`}
              value={captchaSecret}
              onChange={(e) => setCaptchaSecret(e.currentTarget.value)}
            />
          </SimpleGrid>
          {operator && (
            <Switch
              label="Reselling"
              description="Your clients may become resellers and sell under their own brand on their own domains"
              checked={reselling}
              onChange={(e) => setReselling(e.currentTarget.checked)}
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
