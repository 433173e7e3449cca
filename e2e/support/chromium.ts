import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** Where Debian, Ubuntu and Google ship their Chromium-family browsers, in order of preference. */
export const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
] as const;

/** How every headless run here starts Chromium (the e2e suite, and the Lighthouse bench). */
export const HEADLESS_CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
] as const;

/** The one package installed when no browser is found (Debian's Chromium). */
export const CHROMIUM_APT_PACKAGE = 'chromium';

export const MISSING_CHROMIUM_MESSAGE = [
  'No Chromium found for the end-to-end tests.',
  `Looked at $CHROMIUM_PATH and ${CHROMIUM_CANDIDATES.join(', ')}.`,
  'Install one, e.g. `sudo apt-get install -y chromium` on Debian/Ubuntu,',
  'or point CHROMIUM_PATH at a Chromium or Chrome executable: CHROMIUM_PATH=/path/to/chrome npm test.',
  '(`npx playwright install` is not used: these tests run the system browser.)',
].join('\n');

export interface ResolveOptions {
  env?: NodeJS.ProcessEnv;
  /** True when the file exists and may be executed. */
  isExecutable?: (path: string) => boolean;
}

export const isExecutableFile = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium to run, without installing anything: $CHROMIUM_PATH when set (it must exist: a
 * wrong explicit path is an error, not a reason to pick another browser), else the first
 * known location that exists. Undefined when there is none.
 */
export function resolveChromium({
  env = process.env,
  isExecutable = isExecutableFile,
}: ResolveOptions = {}): string | undefined {
  const explicit = env.CHROMIUM_PATH?.trim();
  if (explicit) {
    if (!isExecutable(explicit)) {
      throw new Error(
        `CHROMIUM_PATH is set to ${explicit}, but no executable is there.\n` +
          'Fix the path, or unset CHROMIUM_PATH to use a system Chromium.',
      );
    }
    return explicit;
  }
  return CHROMIUM_CANDIDATES.find((candidate) => isExecutable(candidate));
}

export interface EnsureOptions extends ResolveOptions {
  /** True when this process may install system packages (root with apt-get). */
  canInstall?: () => boolean;
  /** Installs Chromium with the system package manager; throws on failure. */
  install?: () => void;
  log?: (message: string) => void;
}

const commandExists = (command: string) =>
  spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;

export const canInstallWithApt = (): boolean =>
  process.platform === 'linux' && process.getuid?.() === 0 && commandExists('apt-get');

export function installChromiumWithApt(log: (message: string) => void = console.log): void {
  log('› apt-get update');
  execFileSync('apt-get', ['update'], { stdio: 'inherit' });
  log(`› apt-get install -y ${CHROMIUM_APT_PACKAGE}`);
  execFileSync('apt-get', ['install', '-y', CHROMIUM_APT_PACKAGE], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

/**
 * Resolves Chromium, installing Debian's package when none is found and we are root with
 * apt-get. Throws MISSING_CHROMIUM_MESSAGE when there is still none.
 */
export function ensureChromium({
  env = process.env,
  isExecutable = isExecutableFile,
  canInstall = canInstallWithApt,
  install = installChromiumWithApt,
  log = console.log,
}: EnsureOptions = {}): string {
  const found = resolveChromium({ env, isExecutable });
  if (found) {
    return found;
  }
  if (canInstall()) {
    log(`No Chromium found; installing Debian's "${CHROMIUM_APT_PACKAGE}" package with apt-get…`);
    try {
      install();
    } catch (error) {
      log(`Installing Chromium failed: ${error instanceof Error ? error.message : String(error)}`);
    }
    const installed = resolveChromium({ env, isExecutable });
    if (installed) {
      log(`Installed Chromium at ${installed}`);
      return installed;
    }
  }
  throw new Error(MISSING_CHROMIUM_MESSAGE);
}
