import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Group, Loader, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { formatAccra } from '../../domain/dates';
import { cedisText, taxRows, unitPrice, type Invoice } from '../../domain/money/invoice';
import { APP_PATHS } from '../../domain/navigation/app-paths';
import { invoiceOf, invoicePdfOf } from '../../sync/invoices';
import { describeFailure } from '../../sync/failures';
import { useOnline } from '../../ui/use-online';
import { downloadBytes } from '../../ui/download';
import { displayPhone } from '../../domain/numbers/phone-number';
import { formatNumber } from '../../domain/numbers/number-format';

/** Printed, the invoice is the page: the app's header, menu and buttons stay off the paper. */
const PRINT_CSS =
  '@media print { header, nav, .no-print { display: none !important; } main { padding: 0 !important; } }';

export const INVOICE_OFFLINE = 'Invoices are not kept on this device: this one opens when you are back online';

/** One invoice (docs/product.md#invoices): to read, print, or save as a PDF. */
export function InvoiceScreen() {
  const { id = '' } = useParams();
  const online = useOnline();
  const [invoice, setInvoice] = useState<Invoice | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!online) return;
    invoiceOf(id).then(setInvoice, (failure: unknown) => setError(describeFailure(failure).message));
  }, [id, online]);

  const savePdf = async () => {
    setSaving(true);
    try {
      downloadBytes(await invoicePdfOf(id), `${invoice!.number}.pdf`, 'application/pdf');
    } catch (failure) {
      setError(describeFailure(failure).message);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={760}>
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" wrap="wrap" gap="sm" className="no-print">
        <Title order={1} size="h2">
          Invoice
        </Title>
        <Text component={Link} to={APP_PATHS.creditHistory.getHref()} c="blue.8" size="sm">
          SMS credits purchase history
        </Text>
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {!invoice &&
        !error &&
        (online ? <Loader aria-label="Loading" /> : <Alert color="yellow">{INVOICE_OFFLINE}</Alert>)}
      {invoice && (
        <>
          <InvoicePaper invoice={invoice} />
          <Group gap="sm" className="no-print">
            <Button onClick={() => void savePdf()} loading={saving} disabled={!online}>
              Download PDF
            </Button>
            <Button variant="default" onClick={() => window.print()}>
              Print
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

function Party({ title, lines }: { title: string; lines: string[] }) {
  return (
    <Stack gap={2}>
      <Text fw={700} size="sm">
        {title}
      </Text>
      {lines.filter(Boolean).map((line) => (
        <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

function InvoicePaper({ invoice }: { invoice: Invoice }) {
  const money = (amount: number) => cedisText(invoice.currency, amount);
  return (
    <Paper withBorder radius="md" p="lg" component="article" aria-label={`Invoice ${invoice.number}`}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3">
            Tax invoice {invoice.number}
          </Title>
          <Text size="sm" c="dimmed">
            Issued {formatAccra(invoice.issuedAt)} (Accra) · Payment {invoice.paymentId}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Party
            title="From"
            lines={[invoice.seller.name, invoice.seller.host, `TIN: ${invoice.seller.tin || 'not given'}`]}
          />
          <Party
            title="To"
            lines={[invoice.buyer.name, invoice.buyer.phone && displayPhone(invoice.buyer.phone), invoice.buyer.email]}
          />
        </SimpleGrid>
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>
                {formatNumber(invoice.credits)} SMS credits at {invoice.currency} {unitPrice(invoice)} each
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(invoice.base)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Divider />
        <Table withRowBorders={false} verticalSpacing={2} aria-label="Taxes">
          <Table.Tbody>
            <Table.Tr>
              <Table.Td>Taxable value</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(invoice.base)}
              </Table.Td>
            </Table.Tr>
            {taxRows(invoice).map((row) => (
              <Table.Tr key={row.label}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {money(row.amount)}
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr fw={700}>
              <Table.Td>Total paid</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {money(invoice.total)}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="xs" c="dimmed">
          {invoice.taxLaw && `Taxes under the ${invoice.taxLaw}, on one taxable value. `}
          {invoice.includesTax ? 'The price paid included these taxes.' : 'These taxes were added to the price.'}
        </Text>
      </Stack>
    </Paper>
  );
}
