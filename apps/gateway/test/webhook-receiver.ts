import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { Webhook } from 'standardwebhooks';

export interface ReceivedEvent {
  type: string;
  id: string;
  source: string;
  data: Record<string, unknown>;
}

/** A receiver on loopback recording each delivery (answers 200). */
export async function startWebhookReceiver() {
  const received: Array<{ headers: Record<string, string>; body: string }> = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        headers: request.headers as Record<string, string>,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** What arrived since the last call, each verified with the standardwebhooks library. */
    verifiedEvents(secret: string): ReceivedEvent[] {
      const events = received.map(
        (delivery) => new Webhook(secret).verify(delivery.body, delivery.headers) as ReceivedEvent,
      );
      received.length = 0;
      return events;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
