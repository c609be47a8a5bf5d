import { Select } from '@mantine/core';
import { monthLabel, recentMonths } from '../../domain/money/statement';
import { useClientList } from '../../sync/hooks/use-client-list';

/** The months the picker offers: the last two years. */
const MONTHS_OFFERED = 24;

export function MonthPicker({
  now,
  month,
  onChange,
}: {
  now: number;
  month: string;
  onChange: (month: string) => void;
}) {
  const months = recentMonths(now, MONTHS_OFFERED);
  const data = (months.includes(month) ? months : [month, ...months]).map((m) => ({ value: m, label: monthLabel(m) }));
  return (
    <Select
      label="Month"
      data={data}
      value={month}
      allowDeselect={false}
      onChange={(v) => v && onChange(v)}
      w={{ base: '100%', xs: 200 }}
    />
  );
}

const OWN = 'own';

/** An admin's choice of whose statement: its own, or one of its clients' (searchable). */
export function ClientPicker({
  clientId,
  onChange,
}: {
  clientId: number | null;
  onChange: (clientId: number | null) => void;
}) {
  const clients = useClientList();
  const users = clients.list?.users ?? [];
  const data = [
    { value: OWN, label: 'My own account' },
    ...users.map((u) => ({
      value: String(u.profile_id),
      label: u.companyname ? `${u.username} (${u.companyname})` : u.username,
    })),
  ];
  const value = clientId === null ? OWN : String(clientId);
  if (!data.some((d) => d.value === value)) data.push({ value, label: `Client ${value}` });
  return (
    <Select
      label="Account"
      data={data}
      value={value}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No client matches"
      onChange={(v) => v && onChange(v === OWN ? null : Number(v))}
      w={{ base: '100%', xs: 280 }}
    />
  );
}
