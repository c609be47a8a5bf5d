import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { VirtualList } from '../../../src/ui/virtual-list';

const items = Array.from({ length: 10_000 }, (_, i) => ({ id: String(i), text: `Item ${i}` }));

function renderList(onEndReached = vi.fn()) {
  render(
    <VirtualList
      items={items}
      rowHeight={100}
      height="600px"
      itemKey={(item) => item.id}
      renderItem={(item) => <span>{item.text}</span>}
      onEndReached={onEndReached}
      footer={<span>Data fetch completed</span>}
      label="Things"
    />,
  );
  return onEndReached;
}

describe('VirtualList', () => {
  it('renders only the rows in view, with their place in the whole list', () => {
    renderList();
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeLessThan(20);
    expect(rows[0]!.getAttribute('aria-setsize')).toBe('10000');
    expect(screen.getByText('Item 0')).toBeTruthy();
    expect(screen.queryByText('Item 500')).toBeNull();
    expect((screen.getByRole('list', { name: 'Things' }) as HTMLElement).style.height).toBe('1000000px');
  });

  it('moves the window as the box scrolls, and asks for more near the end', async () => {
    const onEnd = renderList();
    const box = screen.getByRole('region', { name: 'Things' });
    box.scrollTop = 500_000;
    fireEvent.scroll(box);
    await screen.findByText('Item 5000');
    expect(screen.queryByText('Item 0')).toBeNull();
    expect(screen.getAllByRole('listitem').length).toBeLessThan(20);
    expect(onEnd).not.toHaveBeenCalled();
    box.scrollTop = 999_400;
    fireEvent.scroll(box);
    await screen.findByText('Item 9999');
    await waitFor(() => expect(onEnd).toHaveBeenCalled());
    expect(screen.getByText('Data fetch completed')).toBeTruthy();
  });
});
