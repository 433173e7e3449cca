import { chmod, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

import type { OperatorCommands } from '../fastify-augment.js';

/**
 * The embedded database may be open in one process only. While the gateway runs on it, the
 * operator's commands (`npm run admin`) reach it through this socket in the data folder, which,
 * like the folder, only the gateway's own user can open.
 */
export const controlSocketPath = (dataDir: string) =>
  path.join(path.resolve(dataDir), 'control.sock');

export type OperatorRequest = { command: 'reset-password'; username?: string };
export type OperatorAnswer =
  { ok: true; username: string; oneTimePassword: string } | { ok: false; message: string };

const MAX_REQUEST_BYTES = 4_096;

async function answer(commands: OperatorCommands, line: string): Promise<OperatorAnswer> {
  try {
    const request = JSON.parse(line) as OperatorRequest;
    if (request.command !== 'reset-password') {
      return { ok: false, message: 'unknown command' };
    }
    const username = typeof request.username === 'string' ? request.username : undefined;
    return { ok: true, ...(await commands.resetPassword(username)) };
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}

/** Serves operator commands until the returned function closes the socket. */
export async function listenForOperatorCommands(
  socketPath: string,
  commands: OperatorCommands,
): Promise<() => Promise<void>> {
  // A socket file left by a gateway that was killed answers nobody; a live one was checked for
  // before the database was opened.
  await rm(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let received = '';
    connection.setEncoding('utf8');
    connection.setTimeout(10_000, () => connection.destroy());
    connection.on('data', (chunk: string) => {
      received += chunk;
      if (received.length > MAX_REQUEST_BYTES) {
        connection.destroy();
        return;
      }
      const newline = received.indexOf('\n');
      if (newline >= 0) {
        void answer(commands, received.slice(0, newline)).then((reply) =>
          connection.end(`${JSON.stringify(reply)}\n`),
        );
      }
    });
    connection.on('error', () => undefined);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

/**
 * Sends a command to the gateway running on this data folder; null when none is running (no
 * socket, or a stale one nobody answers on).
 */
export function sendOperatorCommand(
  socketPath: string,
  request: OperatorRequest,
): Promise<OperatorAnswer | null> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socketPath);
    let received = '';
    connection.setEncoding('utf8');
    connection.on('connect', () => connection.write(`${JSON.stringify(request)}\n`));
    connection.on('data', (chunk: string) => {
      received += chunk;
    });
    connection.on('end', () => {
      try {
        resolve(JSON.parse(received) as OperatorAnswer);
      } catch {
        reject(new Error('The running gateway gave an answer that could not be read'));
      }
    });
    connection.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') {
        resolve(null);
      } else {
        reject(error);
      }
    });
  });
}

/** Whether a gateway is serving operator commands on this socket (so has the database open). */
export function isGatewayRunning(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const connection = net.createConnection(socketPath);
    connection.on('connect', () => {
      connection.destroy();
      resolve(true);
    });
    connection.on('error', () => resolve(false));
  });
}
