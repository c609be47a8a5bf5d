// A new API key's dialog checks the body with the API's own schema and says a problem on its field,
// in the words the gateway would answer with, before anything is sent.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { CreateKeyDialog } from '../../../../src/features/developers/create-key-dialog';
import { renderApp } from '../../support/render-app';
import { stubFetch } from '../../support/fetch-stub';

// happy-dom has no FontFaceSet; Mantine's autosize Textarea listens to it.
if (!(document as { fonts?: unknown }).fonts) {
  Object.defineProperty(document, 'fonts', {
    value: Object.assign(new EventTarget(), { ready: Promise.resolve() }),
    configurable: true,
  });
}

const open = () =>
  renderApp(<CreateKeyDialog mode="live" opened onClose={() => {}} onCreated={() => {}} />, { path: '/developers' });

describe('the new key dialog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a scope when none is ticked, and sends nothing', async () => {
    const fetched = stubFetch(() => undefined);
    const { user } = open();
    await user.click(await screen.findByRole('textbox', { name: /^Name/ }));
    await user.paste('Shop server');
    for (const scope of ['messages:send', 'messages:read', 'balance:read'])
      await user.click(screen.getByRole('checkbox', { name: new RegExp(`^${scope}`) }));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('scopes needs at least one scope')).toBeTruthy();
    expect(fetched).not.toHaveBeenCalled();
  });

  it('says when more than 20 addresses are given', async () => {
    const fetched = stubFetch(() => undefined);
    const { user } = open();
    await user.click(await screen.findByRole('textbox', { name: /^Name/ }));
    await user.paste('Shop server');
    await user.click(screen.getByRole('textbox', { name: /^Only from these addresses/ }));
    await user.paste(Array.from({ length: 21 }, (_, i) => `10.0.0.${i + 1}`).join(', '));
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('allowedIps holds more than 20 entries')).toBeTruthy();
    expect(fetched).not.toHaveBeenCalled();
  });
});
