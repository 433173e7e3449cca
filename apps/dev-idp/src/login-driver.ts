/**
 * Goes through the IdP's login page the way a browser would (cookies, redirects, the form), for
 * tests that sign in over HTTP without one. Returns where the IdP finally sends the browser: the
 * client's redirect URI with `code` and `state`, or its error.
 */
export async function signInThroughLoginPage(
  authorizationUrl: string,
  credentials: { username: string; password: string },
): Promise<URL> {
  const jar = new Map<string, string>();
  let url = new URL(authorizationUrl);
  const idpOrigin = url.origin;
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form?.toString(),
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair = ''] = header.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin !== idpOrigin) {
        return url;
      }
      continue;
    }
    const html = await response.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (response.status !== 200 || !action) {
      throw new Error(
        `the IdP answered ${response.status} without a login form: ${html.slice(0, 300)}`,
      );
    }
    url = new URL(action, url);
    form = new URLSearchParams(credentials);
  }
  throw new Error('the IdP never sent the browser back to the client');
}
