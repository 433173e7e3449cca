import type { IncomingMessage, ServerResponse } from 'node:http';

import type Provider from 'oidc-provider';

import { escapeHtml, page } from './html.js';
import type { UserStore } from './users.js';

export const INTERACTION_PREFIX = '/interaction/';

export async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) {
    text += String(chunk);
    if (text.length > 10_000) {
      throw new Error('form too large');
    }
  }
  return new URLSearchParams(text);
}

function loginPage(uid: string, users: UserStore, error?: string): string {
  const people = users
    .list()
    .map(
      (user) =>
        `<code>${escapeHtml(user.username)}</code> (${escapeHtml(user.groups.join(', ') || 'no groups')})`,
    )
    .join(', ');
  return page(
    'Sign in',
    `<h1>Demo IdP</h1>
<p>Sign in to continue to the EHR API Gateway console.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="${INTERACTION_PREFIX}${escapeHtml(uid)}/login" autocomplete="off">
<label for="username">Username</label>
<input id="username" name="username" required autofocus>
<label for="password">Password</label>
<input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>
<p class="hint">Development users: ${people}.</p>`,
  );
}

function send(response: ServerResponse, status: number, html: string) {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(html);
}

/**
 * The login page oidc-provider sends the browser to (its `interactions.url`), and the form post
 * that checks the password and hands the sign-in back to the provider.
 */
export async function handleInteraction(
  provider: Provider,
  users: UserStore,
  password: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (request.method === 'GET') {
    send(response, 200, loginPage(details.uid, users));
    return;
  }
  if (request.method !== 'POST' || !request.url?.endsWith('/login')) {
    send(response, 405, page('Not allowed', '<h1>Not allowed</h1>'));
    return;
  }
  const form = await readForm(request);
  const user = users.byUsername(form.get('username') ?? '');
  if (!user || form.get('password') !== password) {
    send(response, 401, loginPage(details.uid, users, 'Wrong username or password.'));
    return;
  }
  await provider.interactionFinished(
    request,
    response,
    { login: { accountId: user.sub } },
    { mergeWithLastSubmission: false },
  );
}
