import { priceTableRows } from '../domain/money/price-table';
import type { PriceTier } from '../domain/types';
import { CURRENCY } from '../domain/constants';
import { numberFormat } from '../domain/numbers/number-format';

type PriceTableProps = { title: string; tiers: readonly PriceTier[] };

const credits = numberFormat();

/**
 * A price table (docs/product.md#price-tables): price in GHS, SMS credits (price / rate, rounded up),
 * rate, expiry; last row 'or more'. A plain table: it is on the landing and login pages, where
 * Mantine's Table would bring its ScrollArea too. Its styles: price-table.css, in the app's stylesheet.
 */
export function PriceTable({ title, tiers }: PriceTableProps) {
  const rows = priceTableRows(tiers);
  if (rows.length === 0) return null;
  return (
    <div className="price-table-scroll">
      <table className="price-table" aria-label={title}>
        <caption className="price-table-caption">{title}</caption>
        <thead>
          <tr>
            <th>Price ({CURRENCY})</th>
            <th>SMS credits</th>
            <th>Rate per SMS</th>
            <th>Expiry</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.price}>
              <td>{row.priceLabel}</td>
              <td>{credits.format(row.credits)}</td>
              <td>{row.rate}</td>
              <td>{row.expiryLabel}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
