import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { expectTypedBeforeHydration, replayTypedBeforeHydration } from '../../../src/app/typed-before-hydration';
import { adoptDomainDetails, refreshDomain } from '../../../src/sync/domain-sync';
import { parseDomainMirror, readDomainMirrorText } from '../../../src/db/boot-mirror';
import { domainDetails } from '../support/factories';
import { stubFetch } from '../support/fetch-stub';

// A page the gateway prerendered is taken over by the app with the details it carries (no
// second request for them), and what a visitor typed into it before the code arrived reaches the form.

function SignInForm() {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  return (
    <form>
      <input aria-label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <input
        aria-label="Password"
        type="password"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
      />
      <button disabled={!name || !password}>Login</button>
    </form>
  );
}

// act() without Testing Library's render: React is told it runs under test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('a prerendered page taken over by the app', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  it('hands what was typed before hydration to the form, which React alone leaves empty', async () => {
    const container = document.createElement('div');
    // The gateway's HTML, as the browser parses a page.
    container.append(...new DOMParser().parseFromString(renderToString(<SignInForm />), 'text/html').body.childNodes);
    document.body.append(container);
    const [name, password] = container.querySelectorAll('input');
    name!.value = 'acmeclient';
    password!.value = 'client12345';
    expectTypedBeforeHydration(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <SignInForm />, { onRecoverableError: (e) => errors.push(e) });
    });
    const button = container.querySelector('button')!;
    // What hydration alone gives: the text on the page, the form's state empty.
    expect(name!.value).toBe('acmeclient');
    expect(button.disabled).toBe(true);

    act(() => replayTypedBeforeHydration());
    expect([name!.value, password!.value]).toEqual(['acmeclient', 'client12345']);
    expect(button.disabled).toBe(false);
    expect(errors).toEqual([]);
    // Once only: a later screen's fields are the user's own.
    name!.value = 'other';
    act(() => replayTypedBeforeHydration());
    expect(button.disabled).toBe(false);
  });

  it("takes the page's details as the domain's answer, and asks the gateway again only when they do not read", async () => {
    const fetchMock = stubFetch(() => ({ body: domainDetails({ companyname: 'From the gateway' }) }));
    const carried = JSON.stringify(domainDetails({ profile_id: 8, companyname: 'Acme SMS' }));
    expect(adoptDomainDetails('acme.test', carried, 1_000)).toBe(true);
    expect(parseDomainMirror(readDomainMirrorText('acme.test'), 'acme.test')).toMatchObject({
      profile_id: 8,
      companyname: 'Acme SMS',
      host: 'acme.test',
      fetchedAt: 1_000,
    });
    await refreshDomain('acme.test', { now: 2_000 });
    expect(fetchMock).not.toHaveBeenCalled();

    for (const unreadable of ['{', '{}', '[]', 'null'])
      expect(adoptDomainDetails('other.test', unreadable), unreadable).toBe(false);
    expect(readDomainMirrorText('other.test')).toBeNull();
    await refreshDomain('other.test', { now: 2_000 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
