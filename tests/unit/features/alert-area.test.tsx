import { describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { AlertArea, alertsAfter, type ShownAlert } from '../../../src/ui/alert-area';
import { renderApp } from '../support/render-app';

const alert = (id: number, severity: ShownAlert['severity'], message: string): ShownAlert => ({
  id,
  severity,
  message,
  durationMs: 5000,
});

describe('the notification area', () => {
  it('drops a warning once a success follows it, and the same text shown again', () => {
    const warning = alert(1, 'warning', 'Please select sender ID for this messge');
    const error = alert(2, 'error', 'Something went wrong please try again');
    const done = alert(3, 'success', 'Messages sent successfully');
    expect(alertsAfter([warning, error], done)).toEqual([error, done]);
    expect(alertsAfter([done], { ...done, id: 4 })).toEqual([{ ...done, id: 4 }]);
  });

  it('shows an action (Undo) that runs once and closes its alert, under the header', async () => {
    let show: (a: ShownAlert) => void = () => {};
    const view = renderApp(<AlertArea subscribe={(listener) => ((show = listener), () => {})} />);
    const run = vi.fn();
    act(() => show({ ...alert(1, 'success', '2 contacts deleted'), action: { label: 'Undo', run } }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(region.style.top).toBe('calc(var(--app-shell-header-offset, 0px) + 12px)');
    await view.user.click(within(region).getByRole('button', { name: 'Undo' }));
    expect(run).toHaveBeenCalledTimes(1);
    expect(within(region).queryByText('2 contacts deleted')).toBeNull();
  });
});
