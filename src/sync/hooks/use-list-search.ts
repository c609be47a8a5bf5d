import { useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { matchesSearch } from '../../domain/search';
import type { ListName } from '../../api/list-api';
import type { ListView } from './use-list';

/**
 * A list screen's search box: the stored rows are filtered on the device at once (docs/product.md#lists-and-status), and the
 * gateway, which holds more than the device, is asked after a pause in typing.
 */
export function useListSearch<L extends ListName>(list: ListView<L>) {
  const [search, setSearch] = useState(list.state?.search ?? '');
  const [debounced] = useDebouncedValue(search, 400);
  const { search: searchList } = list;
  const stored = list.state?.search ?? '';

  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      if (debounced === stored) return;
    }
    searchList(debounced);
  }, [debounced, searchList, stored]);

  const rows = useMemo(() => (list.rows ?? []).filter((row) => matchesSearch(row.data, search)), [list.rows, search]);
  return { search, setSearch, rows };
}
