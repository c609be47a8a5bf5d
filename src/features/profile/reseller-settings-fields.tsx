import { Code, Group, SimpleGrid, Switch, Text, TextInput } from '@mantine/core';
import { PasswordField } from '../../ui/password-field';
import type { StoredUser } from '../../db/app-db';
import { acceptsReferralPercentageInput } from '../../domain/money/pricing';
import { PAYSTACK_WEBHOOK_PATH } from '../../domain/navigation/api-paths';
import { domainSenderIdHelp, splitSenderIds } from '../../domain/messages/sender-id';
import { ImageField } from './image-field';
import type { ResellerDraft, SetDraftField } from './reseller-settings-draft';

type FieldsProps = { draft: ResellerDraft; set: SetDraftField };
/** `own`: the account owns a domain (its saved images and keys are its own). */
type AccountFieldsProps = FieldsProps & { user: StoredUser; own: boolean };

/** A secret as shown once saved (or its last four characters, all the gateway tells): never in full. */
const masked = (secret: string) => (secret ? `saved, ending ${secret.slice(-4)}` : 'not set');

/** The brand the domain shows: company name, sender ID, logo and background. */
export function BrandFields({ draft, set, user, own }: AccountFieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Company name"
        value={draft.companyname}
        onChange={(e) => set('companyname', e.currentTarget.value)}
      />
      <TextInput
        label="Sender ID"
        description={domainSenderIdHelp(splitSenderIds(user.senderidapproved))}
        value={draft.senderid}
        onChange={(e) => set('senderid', e.currentTarget.value)}
      />
      <ImageField label="Logo" current={own ? user.logo : ''} onPicked={(logo) => set('logo', logo)} />
      <ImageField
        label="Background image"
        current={own ? user.backgroundImage : ''}
        onPicked={(background) => set('background', background)}
      />
    </SimpleGrid>
  );
}

/** What the domain's invoices say: the seller's TIN, and whether its prices include Ghana's taxes. */
export function InvoiceFields({ draft, set }: FieldsProps) {
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <TextInput
        label="TIN on your invoices"
        description="GRA's TIN (e.g. C0012345678) or a Ghana Card number"
        value={draft.tin}
        onChange={(e) => set('tin', e.currentTarget.value)}
        maw={320}
        w="100%"
      />
      <Switch
        mt={{ base: 0, sm: 28 }}
        label="Prices exclude tax"
        description="VAT 15%, NHIL 2.5% and GETFund 2.5% are added at checkout; off: your prices include them"
        checked={draft.excludesTax}
        onChange={(e) => set('excludesTax', e.currentTarget.checked)}
        maw={420}
      />
    </Group>
  );
}

/** The owner's own terms and privacy pages: the footer of the domain's visitors' pages links them. */
export function LegalPageFields({ draft, set }: FieldsProps) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput
        label="Your terms of service (address)"
        description="Linked from your login and sign-up pages; leave empty for none"
        placeholder="https://example.com/terms"
        inputMode="url"
        value={draft.termsUrl}
        onChange={(e) => set('termsUrl', e.currentTarget.value)}
      />
      <TextInput
        label="Your privacy policy (address)"
        description="Linked beside your terms; leave empty for none"
        placeholder="https://example.com/privacy"
        inputMode="url"
        value={draft.privacyUrl}
        onChange={(e) => set('privacyUrl', e.currentTarget.value)}
      />
    </SimpleGrid>
  );
}

/** The referral programme and its percentage. */
export function ReferralFields({ draft, set }: FieldsProps) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Switch
        label="Referral programme"
        checked={draft.referral}
        onChange={(e) => set('referral', e.currentTarget.checked)}
      />
      <TextInput
        label="Referral percentage"
        value={draft.percent}
        onChange={(e) => acceptsReferralPercentageInput(e.currentTarget.value) && set('percent', e.currentTarget.value)}
        inputMode="numeric"
        rightSection="%"
        w={160}
      />
    </Group>
  );
}

/** Card payments (Paystack, with its webhook URL) and the Paystack and reCAPTCHA keys. */
export function PaymentFields({ draft, set, user, own }: AccountFieldsProps) {
  return (
    <>
      <Switch
        label="Card payments (Paystack)"
        checked={draft.gateway}
        onChange={(e) => set('gateway', e.currentTarget.checked)}
      />
      {draft.gateway && own && (
        <Text size="sm" c="dimmed">
          On your Paystack dashboard, set the webhook URL to{' '}
          {/* A URL has no spaces: it breaks anywhere rather than widen a phone's page. */}
          <Code style={{ overflowWrap: 'anywhere' }}>{`https://${user.domain}${PAYSTACK_WEBHOOK_PATH}`}</Code>: payments
          are credited when Paystack confirms them.
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Paystack public key"
          value={draft.pubkey}
          onChange={(e) => set('pubkey', e.currentTarget.value)}
        />
        <PasswordField
          label="Paystack secret key"
          description={`Currently ${masked(own ? user.paystackseckeyending : '')}; leave empty to keep it`}
          value={draft.seckey}
          onChange={(e) => set('seckey', e.currentTarget.value)}
        />
        <TextInput
          label="reCAPTCHA site key"
          value={draft.siteKey}
          onChange={(e) => set('siteKey', e.currentTarget.value)}
        />
        <PasswordField
          label="reCAPTCHA secret key"
          description={`Currently ${masked(own ? user.recaptchasecretkeyending : '')}; leave empty to keep it`}
          value={draft.captchaSecret}
          onChange={(e) => set('captchaSecret', e.currentTarget.value)}
        />
      </SimpleGrid>
    </>
  );
}
