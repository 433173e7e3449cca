import { HEADERS } from '@ehr-gateway/contracts';

import {
  BODY_METHODS,
  isSecretHeader,
  requestHeaders,
  type TestRequest,
} from './send-test-request';

/** Secrets in a snippet are shell variables the reader sets, never the values typed here. */
const placeholderFor = (name: string) =>
  name.toLowerCase() === HEADERS.apiKey ? '$API_KEY' : '$VAPI_SECRET';

/** Single-quoted for a POSIX shell: a quote inside becomes '\''. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function snippetHeaders(request: TestRequest): Array<[string, string, boolean]> {
  return Object.entries(requestHeaders({ ...request, apiKey: request.apiKey || 'x' }))
    .filter(([name]) => name.toLowerCase() !== HEADERS.apiKey || request.apiKey.trim() !== '')
    .map(([name, value]) =>
      isSecretHeader(name) ? [name, placeholderFor(name), true] : [name, value, false],
    );
}

/** The request as a cURL command; the key is `$API_KEY` (set it in the shell first). */
export function toCurl(request: TestRequest): string {
  const lines = [`curl -X ${request.method} ${shellQuote(request.url.trim())}`];
  for (const [name, value, secret] of snippetHeaders(request)) {
    // Variables are expanded by the shell, so those headers are double-quoted.
    lines.push(secret ? `-H "${name}: ${value}"` : `-H ${shellQuote(`${name}: ${value}`)}`);
  }
  if (BODY_METHODS.has(request.method)) {
    lines.push(`--data-raw ${shellQuote(request.body)}`);
  }
  return lines.join(' \\\n  ');
}

/** The request as a fetch call; the key comes from `process.env.API_KEY`. */
export function toFetch(request: TestRequest): string {
  const headers = snippetHeaders(request)
    .map(([name, value, secret]) =>
      secret
        ? `    ${JSON.stringify(name)}: process.env.${value.slice(1)},`
        : `    ${JSON.stringify(name)}: ${JSON.stringify(value)},`,
    )
    .join('\n');
  const body = BODY_METHODS.has(request.method) ? `\n  body: ${JSON.stringify(request.body)},` : '';
  return [
    `const response = await fetch(${JSON.stringify(request.url.trim())}, {`,
    `  method: ${JSON.stringify(request.method)},`,
    `  headers: {\n${headers}\n  },${body}`,
    '});',
    'console.log(response.status, await response.json());',
  ].join('\n');
}

/** `Server-Timing: gateway;dur=12.3, upstream;dur=9.1` as named durations in ms. */
export function parseServerTiming(value: string | undefined): Array<{ name: string; ms: number }> {
  if (!value) {
    return [];
  }
  return value
    .split(',')
    .map((metric) => {
      const [name = '', ...params] = metric.split(';').map((part) => part.trim());
      const duration = params.find((param) => param.startsWith('dur='));
      return { name, ms: duration ? Number(duration.slice(4)) : Number.NaN };
    })
    .filter((metric) => metric.name !== '' && Number.isFinite(metric.ms));
}
