import { Component, type ReactNode } from 'react';

/** What the page says when the app could not render it at all. */
export const APP_FAILED = 'The app could not open this page. Check your connection, then reload.';
export const RELOAD = 'Reload';

interface State {
  failed: boolean;
}

/**
 * The last catch of the app: an error no screen handled (a module that did not load over a weak
 * network, the device's storage unreadable) shows a message and a way back instead of a blank page.
 * Plain elements with inline styles: the theme may be what failed. Renders nothing of its own until
 * then, so a prerendered page hydrates as before.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode; onReload?: () => void }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The app could not render:', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const reload = this.props.onReload ?? (() => window.location.reload());
    return (
      <div
        role="alert"
        style={{ maxWidth: 480, margin: '15vh auto', padding: 16, fontFamily: 'system-ui, sans-serif' }}
      >
        <p style={{ fontSize: 16, lineHeight: 1.5 }}>{APP_FAILED}</p>
        <button type="button" onClick={reload} style={{ fontSize: 16, padding: '10px 20px', minHeight: 44 }}>
          {RELOAD}
        </button>
      </div>
    );
  }
}
