import { Group, Select, TextInput } from '@mantine/core';
import { SEARCH_MAX_LENGTH } from '../../domain/constants';
import { STATUS_FILTERS, type StatusFilter } from '../../domain/messages/delivery-report';
import { STATUS_GROUP_LABELS } from '../../domain/messages/message-status';

const ALL = 'all';

type Props = {
  search: string;
  onSearch: (search: string) => void;
  /** The status group shown, or null for all. */
  filter: StatusFilter | null;
  onFilter: (filter: StatusFilter | null) => void;
};

/** The status page's search (a number or a status) and its status filter. */
export function StatusSearchFields({ search, onSearch, filter, onFilter }: Props) {
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" w={{ base: '100%', xs: 'auto' }}>
      <TextInput
        label="Search"
        placeholder="Number or status"
        value={search}
        maxLength={SEARCH_MAX_LENGTH}
        onChange={(e) => onSearch(e.currentTarget.value)}
        w={{ base: '100%', xs: 240 }}
      />
      <Select
        label="Show"
        data={[
          { value: ALL, label: 'All statuses' },
          ...STATUS_FILTERS.map((f) => ({ value: f, label: STATUS_GROUP_LABELS[f] })),
        ]}
        value={filter ?? ALL}
        onChange={(v) => onFilter(v && v !== ALL ? (v as StatusFilter) : null)}
        allowDeselect={false}
        w={{ base: '100%', xs: 160 }}
      />
    </Group>
  );
}
