/** A person the development IdP knows: what it asks at its login page and what it tells clients. */
export interface DevUser {
  /** The stable subject identifier (`sub`) clients key their users on. */
  sub: string;
  username: string;
  name: string;
  email: string;
  groups: string[];
}

/**
 * The people `npm run demo` and the tests sign in as, one per console role plus two the gateway
 * must refuse (no mapped group; an email domain outside OIDC_ALLOWED_DOMAINS).
 */
export const DEFAULT_DEV_USERS: readonly DevUser[] = [
  {
    sub: 'u-alice',
    username: 'alice',
    name: 'Alice Admin',
    email: 'alice@example.org',
    groups: ['gw-admins', 'gw-phi'],
  },
  {
    sub: 'u-devon',
    username: 'devon',
    name: 'Devon Developer',
    email: 'devon@example.org',
    groups: ['gw-devs'],
  },
  {
    sub: 'u-audrey',
    username: 'audrey',
    name: 'Audrey Auditor',
    email: 'audrey@example.org',
    groups: ['gw-audit', 'gw-phi'],
  },
  {
    sub: 'u-noah',
    username: 'noah',
    name: 'Noah Nogroup',
    email: 'noah@example.org',
    groups: ['staff'],
  },
  {
    sub: 'u-olga',
    username: 'olga',
    name: 'Olga Outsider',
    email: 'olga@elsewhere.test',
    groups: ['gw-devs'],
  },
];

/** The password every development user signs in with unless DEV_IDP_PASSWORD names another. */
export const DEFAULT_DEV_PASSWORD = 'demo-password';

/** The users of one IdP instance; the admin API changes their groups while it runs. */
export function createUserStore(seed: readonly DevUser[] = DEFAULT_DEV_USERS) {
  const users = new Map(seed.map((user) => [user.username, structuredClone(user)]));
  return {
    list: (): DevUser[] => [...users.values()],
    byUsername: (username: string) => users.get(username.trim().toLowerCase()),
    bySub: (sub: string) => [...users.values()].find((user) => user.sub === sub),
    setGroups(username: string, groups: string[]): DevUser | undefined {
      const user = users.get(username);
      if (user) {
        user.groups = [...groups];
      }
      return user;
    },
  };
}

export type UserStore = ReturnType<typeof createUserStore>;
