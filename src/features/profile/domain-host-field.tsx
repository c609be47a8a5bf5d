import { Alert, Button, Code, Text, TextInput } from '@mantine/core';
import type { SettingsAnswer } from '../../api/domain-settings-api';

export type Verification = Pick<SettingsAnswer, 'domainverified' | 'domainverifyname' | 'domainverifytoken'>;

type Props = {
  /** The operator's main host: shown, never edited (it comes from MAIN_HOST) and never verified by DNS. */
  mainHost: string | null;
  domain: string;
  onDomain: (domain: string) => void;
  verification: Verification | null;
  onVerify: () => void;
  verifying: boolean;
  online: boolean;
};

/** The domain of the settings (docs/product.md#reseller-settings): a reseller's, pointed here then verified, or the main host. */
export function DomainHostField({ mainHost, domain, onDomain, verification, onVerify, verifying, online }: Props) {
  if (mainHost !== null)
    return (
      <TextInput
        label="Domain"
        description="The main host: set by the gateway's MAIN_HOST setting, it needs no DNS verification"
        value={mainHost}
        readOnly
      />
    );
  return (
    <>
      <TextInput
        label="Domain"
        description={`Point your domain at this server (a CNAME record to ${window.location.hostname}), save, then verify it`}
        placeholder="sms.yourcompany.com"
        value={domain}
        onChange={(e) => onDomain(e.currentTarget.value)}
      />
      {verification && !verification.domainverified && verification.domainverifyname && (
        <Alert color="yellow" variant="light" title="Verify your domain">
          <Text size="sm">
            Add this DNS TXT record, then press Verify. Until then your domain shows the main brand.
          </Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {`${verification.domainverifyname}  TXT  "${verification.domainverifytoken}"`}
          </Code>
          <Button size="compact-sm" mt="xs" onClick={onVerify} loading={verifying} disabled={!online}>
            Verify
          </Button>
        </Alert>
      )}
    </>
  );
}
