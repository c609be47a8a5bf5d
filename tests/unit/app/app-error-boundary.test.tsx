import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { APP_FAILED, AppErrorBoundary, RELOAD } from '../../../src/app/app-error-boundary';

afterEach(cleanup);

function Failing(): never {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/session-watch.js');
}

describe('the app when a page cannot render at all', () => {
  it('shows what happened and a Reload button instead of a blank page', () => {
    const reload = vi.fn();
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary onReload={reload}>
        <Failing />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain(APP_FAILED);
    fireEvent.click(screen.getByRole('button', { name: RELOAD }));
    expect(reload).toHaveBeenCalledTimes(1);
    quiet.mockRestore();
  });

  it('renders the app as it is while nothing fails', () => {
    render(
      <AppErrorBoundary>
        <p>Send SMS</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText('Send SMS')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
