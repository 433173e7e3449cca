import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

import { isIdTokenFault, type IdTokenFault } from './faults.js';
import type { UserStore } from './users.js';

export const ADMIN_API_PREFIX = '/_admin/';

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const tokenMatches = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

const isGroupList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((group) => typeof group === 'string' && group.length <= 200);

/**
 * What tests (and a curious developer) may change while the IdP runs: a user's groups, and a fault
 * for the next ID token. Every call needs `Authorization: Bearer {adminToken}`.
 */
export async function handleAdminApi(
  state: {
    users: UserStore;
    adminToken: string;
    setIdTokenFault: (fault: IdTokenFault | null) => void;
  },
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const bearer = /^Bearer (\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
  if (!tokenMatches(bearer, state.adminToken)) {
    json(response, 401, { error: 'admin token required (Authorization: Bearer …)' });
    return;
  }
  const path = new URL(request.url ?? '/', 'http://idp').pathname.slice(ADMIN_API_PREFIX.length);
  const groupsOf = /^users\/([^/]+)\/groups$/.exec(path);
  if (request.method === 'GET' && path === 'users') {
    json(response, 200, { users: state.users.list() });
  } else if (request.method === 'PUT' && groupsOf) {
    const body = (await readJson(request)) as { groups?: unknown } | undefined;
    if (!isGroupList(body?.groups)) {
      json(response, 400, { error: 'groups: must be a list of group names' });
      return;
    }
    const user = state.users.setGroups(decodeURIComponent(groupsOf[1]!), body.groups);
    json(response, user ? 200 : 404, user ?? { error: 'no such user' });
  } else if (request.method === 'POST' && path === 'faults') {
    const body = (await readJson(request)) as { idToken?: unknown } | undefined;
    if (body?.idToken !== null && !isIdTokenFault(body?.idToken)) {
      json(response, 400, {
        error: 'idToken: must be forged, expired, wrong-audience, wrong-nonce or null',
      });
      return;
    }
    state.setIdTokenFault(body.idToken);
    json(response, 200, { idToken: body.idToken });
  } else {
    json(response, 404, { error: 'not found' });
  }
}
