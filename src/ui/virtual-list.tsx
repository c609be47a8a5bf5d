import { memo, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

type VirtualListProps<T> = {
  items: readonly T[];
  /** Every row has this height (px): the window is computed, never measured row by row. */
  rowHeight: number;
  /** CSS height of the scrolling box (72vh: docs/product.md#limits). */
  height: string;
  itemKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Called when the window comes within `endThreshold` rows of the end (infinite scroll). */
  onEndReached?: () => void;
  endThreshold?: number;
  footer?: ReactNode;
  footerHeight?: number;
  label: string;
  overscan?: number;
};

type RowProps = {
  item: unknown;
  index: number;
  setSize: number;
  rowHeight: number;
  renderItem: (item: unknown, index: number) => ReactNode;
};

// A scroll re-renders the list, but a row already in view keeps its props, so only rows coming into view render.
const Row = memo(function Row({ item, index, setSize, rowHeight, renderItem }: RowProps) {
  return (
    <div
      role="listitem"
      aria-setsize={setSize}
      aria-posinset={index + 1}
      style={{
        position: 'absolute',
        top: 0,
        left: 0,
        right: 0,
        height: rowHeight,
        transform: `translateY(${index * rowHeight}px)`,
      }}
    >
      {renderItem(item, index)}
    </div>
  );
});

/**
 * A windowed list: only the rows in view (plus a few either side) are in the DOM, so 10,000 items
 * scroll as smoothly as 20. Rows are absolutely placed inside a box as tall as all of them.
 */
export function VirtualList<T>(props: VirtualListProps<T>) {
  const {
    items,
    rowHeight,
    height,
    itemKey,
    renderItem,
    onEndReached,
    endThreshold = 5,
    footer,
    footerHeight = 48,
    label,
    overscan = 4,
  } = props;
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(600);
  const frame = useRef(0);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setViewport(el.clientHeight || 600);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);

  // One state update per animation frame, however many scroll events arrive.
  const onScroll = () => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      if (box.current) setScrollTop(box.current.scrollTop);
    });
  };
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan);
  const last = Math.min(items.length, Math.ceil((scrollTop + viewport) / rowHeight) + overscan);
  const nearEnd = last >= items.length - endThreshold;

  useEffect(() => {
    if (nearEnd) onEndReached?.();
  }, [nearEnd, items.length, onEndReached]);

  const rows: ReactNode[] = [];
  for (let i = first; i < last; i += 1) {
    const item = items[i] as T;
    rows.push(
      <Row
        key={itemKey(item)}
        item={item}
        index={i}
        setSize={items.length}
        rowHeight={rowHeight}
        renderItem={renderItem as RowProps['renderItem']}
      />,
    );
  }

  return (
    <div
      ref={box}
      onScroll={onScroll}
      style={{ height, overflowY: 'auto', position: 'relative', contain: 'strict', overscrollBehavior: 'contain' }}
      tabIndex={0}
      aria-label={label}
      role="region"
    >
      <div role="list" aria-label={label} style={{ position: 'relative', height: items.length * rowHeight }}>
        {rows}
      </div>
      {footer && <div style={{ minHeight: footerHeight }}>{footer}</div>}
    </div>
  );
}
