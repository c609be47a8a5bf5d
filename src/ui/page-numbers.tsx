import { Pagination } from '@mantine/core';

/** Page buttons of a table shown a page at a time, each named for screen readers ("Page 3", "next page"). */
export function PageNumbers({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      siblings={1}
      boundaries={1}
      getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
      getControlProps={(control) => ({ 'aria-label': `${control} page` })}
    />
  );
}
