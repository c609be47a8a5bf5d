// A status page opened by its address asks for its screen's code as the app starts, beside the shell's.
import { describe, expect, it } from 'vitest';
import { dashboardListAt, firstScreenModules } from '../../../src/app/screen-modules';
import { statusPageKey } from '../../../src/domain/navigation/start-screens';
import { saveSignIn } from '../../../src/db/session-store';
import { makeUser } from '../domain/factories';

describe('the first screen of a status page', () => {
  it('reads the message key of a status page address, and nothing else', () => {
    expect(statusPageKey('/dashboard/AbcDef')).toBe('AbcDef');
    expect(statusPageKey('/clientdashboard/Ab%20c')).toBe('Ab c');
    expect(statusPageKey('/dashboard')).toBeNull();
    expect(statusPageKey('/dashboard/')).toBeNull();
    expect(statusPageKey('/dashboard/a/b')).toBeNull();
    expect(statusPageKey('/phonebook/12')).toBeNull();
    expect(statusPageKey('/dashboard/%E0%A4%A')).toBeNull();
  });

  it('asks for the status screen with the shell when someone is signed in', async () => {
    await saveSignIn(makeUser({ profile_id: 7 }), 1);
    expect(firstScreenModules('/dashboard/AbcDef', 'localhost')).toEqual(['shell', 'allStyles', 'status']);
    expect(firstScreenModules('/dashboard', 'localhost')).toEqual(['shell', 'allStyles']);
  });

  it('names the dashboard list a start at its address shows, and no other list', () => {
    expect(dashboardListAt('/dashboard')).toBe('quick-own');
    expect(dashboardListAt('/clientdashboard')).toBe('quick-client');
    expect(dashboardListAt('/dashboard/AbcDef')).toBeNull();
    expect(dashboardListAt('/scheduledsms')).toBeNull();
  });
});
