import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { LoginScreen } from '../../../src/features/auth/login-screen';
import { db } from '../../../src/db/db';
import { renderApp } from '../support/render-app';
import { stubFetch } from '../support/fetch-stub';
import { domainDetails } from '../support/factories';
import { startSignIn } from '../../../src/features/auth/use-sign-in-intent';

describe('login screen branding', () => {
  beforeEach(async () => {
    await db.domains.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the domain's company name and logo from the gateway", async () => {
    stubFetch((url) =>
      url.startsWith('/smsgateway/api/domain') ? { body: domainDetails({ companyname: 'Acme SMS' }) } : undefined,
    );
    renderApp(<LoginScreen />, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Acme SMS' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Acme SMS logo' }).getAttribute('src')).toContain(
      '/smsgateway/api/frontend/images/',
    );
  });

  it("links the owner's own terms and privacy pages in the footer, never an address that is not https", async () => {
    stubFetch((url) =>
      url.startsWith('/smsgateway/api/domain')
        ? {
            body: domainDetails({
              companyname: 'Acme SMS',
              telnumber: '030 200 0000',
              termsurl: 'https://acme.example.com/terms',
              privacyurl: 'javascript:alert(1)',
            }),
          }
        : undefined,
    );
    renderApp(<LoginScreen />, { path: '/login' });
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toContain('© Acme SMS');
    expect(footer.textContent).toContain('Contact 030 200 0000');
    const terms = screen.getByRole('link', { name: 'Terms of service' });
    expect(terms.getAttribute('href')).toBe('https://acme.example.com/terms');
    expect(terms.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.queryByRole('link', { name: 'Privacy policy' })).toBeNull();
  });

  it('keeps showing the stored brand when the gateway cannot be reached', async () => {
    await db.domains.put({
      ...domainDetails({ companyname: 'Stored Brand' }),
      host: window.location.hostname,
      fetchedAt: Date.now(),
    });
    stubFetch(() => undefined);
    renderApp(<LoginScreen />, { path: '/login' });
    expect(await screen.findByRole('heading', { name: 'Stored Brand' })).toBeTruthy();
  });

  it('says to wait when the domain was never loaded and the gateway is unreachable', async () => {
    stubFetch(() => undefined);
    renderApp(<LoginScreen />, { path: '/login' });
    expect(await screen.findByText('Please wait for while and try again')).toBeTruthy();
  });

  it('never shows a logo from a javascript: or foreign URL', async () => {
    stubFetch(() => ({ body: domainDetails({ companyname: 'Evil', logo: 'javascript:alert(1)' }) }));
    renderApp(<LoginScreen />, { path: '/login' });
    await screen.findByRole('heading', { name: 'Evil' });
    expect(screen.queryByRole('img', { name: 'Evil logo' })).toBeNull();
  });
});

describe('sending the login', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the login in the press itself once sign-in's code has loaded, before React draws the busy button", async () => {
    const fetchMock = stubFetch((url) =>
      url.endsWith('/frontend/login')
        ? { status: 400, body: { status: 'error', message: 'Wrong password' } }
        : undefined,
    );
    const input = { emailusername: 'demouser', password: 'wrong', host: 'localhost', domainSupid: 1 };
    // The first press loads sign-in's code (typing on the form loads it earlier).
    await startSignIn(input).catch(() => undefined);
    fetchMock.mockClear();
    const pending = startSignIn(input);
    // No await between the press and this check: the request went out within the call.
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/smsgateway/api/frontend/login']);
    await expect(pending).rejects.toThrow();
  });
});
