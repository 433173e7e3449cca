import { expect, test } from '@playwright/test';

import {
  CHROMIUM_CANDIDATES,
  ensureChromium,
  MISSING_CHROMIUM_MESSAGE,
  resolveChromium,
} from './chromium';

// Unit tests of the browser lookup: no browser, no files, every dependency injected.
const only =
  (...present: string[]) =>
  (path: string) =>
    present.includes(path);

test.describe('resolveChromium', () => {
  test('prefers CHROMIUM_PATH when it exists', () => {
    const found = resolveChromium({
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      isExecutable: only('/opt/chrome/chrome', '/usr/bin/chromium'),
    });
    expect(found).toBe('/opt/chrome/chrome');
  });

  test('refuses a CHROMIUM_PATH that does not exist instead of picking another browser', () => {
    expect(() =>
      resolveChromium({ env: { CHROMIUM_PATH: '/nope' }, isExecutable: only('/usr/bin/chromium') }),
    ).toThrow(/CHROMIUM_PATH is set to \/nope/);
  });

  test('falls back to the known locations in order', () => {
    expect(resolveChromium({ env: {}, isExecutable: only(...CHROMIUM_CANDIDATES) })).toBe(
      '/usr/bin/chromium',
    );
    expect(
      resolveChromium({
        env: { CHROMIUM_PATH: '  ' },
        isExecutable: only('/usr/bin/chromium-browser', '/usr/bin/google-chrome'),
      }),
    ).toBe('/usr/bin/chromium-browser');
    expect(resolveChromium({ env: {}, isExecutable: only('/usr/bin/google-chrome') })).toBe(
      '/usr/bin/google-chrome',
    );
  });

  test('finds nothing when no browser is installed', () => {
    expect(resolveChromium({ env: {}, isExecutable: only() })).toBeUndefined();
  });
});

test.describe('ensureChromium', () => {
  test('does not install when a browser is present', () => {
    let installs = 0;
    const found = ensureChromium({
      env: {},
      isExecutable: only('/usr/bin/chromium'),
      canInstall: () => true,
      install: () => installs++,
      log: () => {},
    });
    expect(found).toBe('/usr/bin/chromium');
    expect(installs).toBe(0);
  });

  test('installs with apt-get when allowed, then uses the installed browser', () => {
    const installed: string[] = [];
    const logs: string[] = [];
    const found = ensureChromium({
      env: {},
      isExecutable: (path) => installed.includes(path),
      canInstall: () => true,
      install: () => {
        installed.push('/usr/bin/chromium');
      },
      log: (message) => logs.push(message),
    });
    expect(found).toBe('/usr/bin/chromium');
    expect(logs.join('\n')).toMatch(/installing Debian's "chromium" package/);
  });

  test('fails with instructions when it cannot install', () => {
    let installs = 0;
    expect(() =>
      ensureChromium({
        env: {},
        isExecutable: only(),
        canInstall: () => false,
        install: () => installs++,
        log: () => {},
      }),
    ).toThrow(MISSING_CHROMIUM_MESSAGE);
    expect(installs).toBe(0);
    expect(MISSING_CHROMIUM_MESSAGE).toMatch(/apt-get install -y chromium/);
    expect(MISSING_CHROMIUM_MESSAGE).toMatch(/CHROMIUM_PATH=/);
  });

  test('fails with instructions when the install does not produce a browser', () => {
    expect(() =>
      ensureChromium({
        env: {},
        isExecutable: only(),
        canInstall: () => true,
        install: () => {
          throw new Error('E: Unable to locate package chromium');
        },
        log: () => {},
      }),
    ).toThrow(MISSING_CHROMIUM_MESSAGE);
  });
});
