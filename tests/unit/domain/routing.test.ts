import { describe, expect, it } from 'vitest';
import { normalizePath, routeAccess, routeDecision, signedOutTarget } from '../../../src/domain/navigation/routing';

const render = { kind: 'render' };
const landing = { kind: 'landing' };
const to = (path: string) => ({ kind: 'redirect', to: path });

const visitorMain = { loggedIn: false, isAdmin: false, isMainHost: true };
const visitorOther = { loggedIn: false, isAdmin: false, isMainHost: false };
const user = { loggedIn: true, isAdmin: false, isMainHost: true };
const admin = { loggedIn: true, isAdmin: true, isMainHost: false };

describe('routeDecision', () => {
  it.each([
    ['/login', visitorMain, render],
    ['/signup', visitorOther, render],
    ['/login', user, to('/')],
    ['/signup', admin, to('/')],
    ['/', visitorMain, landing],
    ['/dashboard', visitorMain, landing],
    ['/clientmanagement', visitorMain, landing],
    ['/', visitorOther, to('/login')],
    ['/profile', visitorOther, to('/login')],
    ['/', user, render],
    ['/dashboard', user, render],
    ['/dashboard/aBcDe', user, render],
    ['/scheduledsms', user, render],
    ['/recurringsms', user, render],
    ['/phonebook', user, render],
    ['/phonebook/12', user, render],
    ['/purchasesms', user, render],
    ['/credithistory', user, render],
    ['/clientcredithistory', user, render],
    ['/profile', user, render],
    ['/clientdashboard', user, to('/')],
    ['/clientdashboard/xyz', user, to('/')],
    ['/clientscheduledsms', user, to('/')],
    ['/clientrecurringsms', user, to('/')],
    ['/clientphonebook', user, to('/')],
    ['/clientphonebook/3', user, to('/')],
    ['/clientmanagement', user, to('/')],
    ['/clientdashboard/xyz', admin, render],
    ['/clientmanagement', admin, render],
    ['/clientphonebook/3', admin, render],
    ['/nowhere', user, to('/')],
    ['/dashboard/a/b', user, to('/')],
    ['/dashboard/', user, render],
    ['/login?next=/profile', user, to('/')],
    // A share that opened the app signed out: the sign-in goes on to the send form's question.
    ['/login', { ...user, shareAwaitsSignIn: true }, to('/?shared=1')],
    ['/signup', { ...admin, shareAwaitsSignIn: true }, to('/?shared=1')],
    ['/login', { ...visitorOther, shareAwaitsSignIn: true }, render],
    ['/profile', { ...user, shareAwaitsSignIn: true }, render],
  ])('%s as %j -> %j', (path, ctx, expected) => {
    expect(routeDecision(path, ctx)).toEqual(expected);
  });
});

describe('paths', () => {
  it.each([
    ['', '/'],
    ['/', '/'],
    ['/profile/', '/profile'],
    ['/profile?x=1#top', '/profile'],
    ['/phonebook//', '/phonebook'],
  ])('%j normalizes to %j', (path, expected) => {
    expect(normalizePath(path)).toBe(expected);
  });

  it('classifies access', () => {
    expect(routeAccess('/signup')).toBe('public');
    expect(routeAccess('/')).toBe('user');
    expect(routeAccess('/clientmanagement')).toBe('admin');
    expect(routeAccess('/unknown')).toBeNull();
  });

  it('sends a signed-out user to the landing page on the main host, else to login', () => {
    expect(signedOutTarget(true)).toBe('/');
    expect(signedOutTarget(false)).toBe('/login');
  });
});
