import { useEffect, useMemo, useState, type MouseEvent } from 'react';
import { Anchor, Button, Code, CopyButton, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { openApiDocument } from '../../sync/developers';
import { describeFailure } from '../../sync/failures';
import { SectionCard } from '../../ui/section-card';
import { referenceHrefOf } from './reference-address';
import {
  operationsOf,
  sampleFor,
  SAMPLE_LANGUAGES,
  type SampleLanguage,
  type SampleOperation,
} from '../../domain/api-v1/samples';

/** A link to the address already shown changes no history: the viewer is told to scroll to it again. */
function scrollAgainWhenSame(event: MouseEvent<HTMLAnchorElement>) {
  if (event.currentTarget.href === window.location.href) window.dispatchEvent(new PopStateEvent('popstate'));
}

/** A copyable sample of each operation in curl, JavaScript, PHP and Python, made from the API's own document. */
export function SamplesCard() {
  const [operations, setOperations] = useState<SampleOperation[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState('sendMessages');
  const [language, setLanguage] = useState<SampleLanguage>('curl');
  useEffect(() => {
    openApiDocument().then(
      (doc) => setOperations(operationsOf(doc)),
      (failure: unknown) => setError(describeFailure(failure).message),
    );
  }, []);
  const op = operations?.find((o) => o.operationId === chosen) ?? operations?.[0];
  const code = useMemo(() => (op ? sampleFor(op, language, window.location.origin) : ''), [op, language]);
  return (
    <SectionCard id="developer-code-title" title="Code samples">
      <Text size="sm" c="dimmed">
        Each sample reads your key from the SMS_API_KEY environment variable.
      </Text>
      {error && <Text size="sm">The operations could not be read: {error}</Text>}
      {operations && op && (
        <Stack gap="xs" id="code">
          <Select
            label="Operation"
            data={operations.map((o) => ({ value: o.operationId, label: `${o.operationId}: ${o.summary}` }))}
            value={op.operationId}
            onChange={(v) => v && setChosen(v)}
            allowDeselect={false}
            searchable
          />
          <SegmentedControl
            aria-label="Language"
            data={SAMPLE_LANGUAGES.map((l) => ({ value: l.value, label: l.label }))}
            value={language}
            onChange={(v) => setLanguage(v as SampleLanguage)}
          />
          <Code block data-testid="code-sample" style={{ whiteSpace: 'pre', overflowX: 'auto' }}>
            {code}
          </Code>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <CopyButton value={code}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy the sample'}
                </Button>
              )}
            </CopyButton>
            <Anchor href={referenceHrefOf(op.operationId)} size="sm" onClick={scrollAgainWhenSame}>
              {op.operationId} in the full reference
            </Anchor>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
