import { connect } from 'node:net';
import type { Socket } from 'node:net';

/** A socket held open to the server, and when the server ended it (if it did). */
export type Held = { socket: Socket; openedAt: number; endedAt?: number };

/** Connects to the server of `url` from `localAddress`, noting when the server ends the socket. */
export const openHeld = (url: string, localAddress: string): Promise<Held> => {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    // Half-open allowed: the socket stays ours until the server ends it, whatever it sends.
    const socket = connect({
      host: hostname,
      port: Number(port),
      localAddress,
      allowHalfOpen: true,
    });
    const held: Held = { socket, openedAt: Date.now() };
    const ended = () => (held.endedAt ??= Date.now());
    socket.on('end', ended).on('close', ended).on('error', ended);
    socket.once('connect', () => resolve(held));
    socket.once('error', reject);
  });
};
