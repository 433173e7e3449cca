// The webhooks bench's receivers, in a process of their own (forked by webhooks.ts), so verifying
// signatures and answering costs the gateway's process nothing, as with receivers elsewhere.
// Parent → child: {secret, index} sets a receiver's signing secret; {report: true} asks for the
// arrivals. Child → parent: {urls} once listening; {arrivals, rejected} per receiver on request.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { Webhook } from 'standardwebhooks';

const count = Number(process.argv[2] ?? 5);

function startReceiver() {
  const arrivals = new Map<string, number[]>();
  const state = { secret: '', rejected: 0 };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const body = Buffer.concat(chunks).toString('utf8');
        const event = new Webhook(state.secret).verify(
          body,
          request.headers as Record<string, string>,
        ) as { id: string; occurredAt: string };
        const lagMs = Date.now() - Date.parse(event.occurredAt);
        arrivals.set(event.id, [...(arrivals.get(event.id) ?? []), lagMs]);
        response.writeHead(200).end('ok');
      } catch {
        state.rejected += 1;
        response.writeHead(400).end('bad signature');
      }
    });
  });
  return { server, arrivals, state };
}

const receivers = Array.from({ length: count }, startReceiver);
await Promise.all(
  receivers.map(
    ({ server }) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
  ),
);

process.on('message', (message: { secret?: string; index?: number; report?: boolean }) => {
  if (message.secret !== undefined && message.index !== undefined) {
    receivers[message.index]!.state.secret = message.secret;
  }
  if (message.report) {
    process.send!({
      receivers: receivers.map(({ arrivals, state }) => ({
        arrivals: [...arrivals.entries()],
        rejected: state.rejected,
      })),
    });
  }
});
process.on('disconnect', () => process.exit(0));
process.send!({
  urls: receivers.map(
    ({ server }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
  ),
});
