import type pg from 'pg';
import { troubleBackoffMs } from '../eventstore/troublePause.js';

type Channel = {
  onMessage: (payload: string) => void;
  /** Notifications may have been missed: the connection was down, or is back. */
  onGap: () => void;
};

export type Notifications = {
  /** Listens on `channel` until the returned function is called. */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onGap: () => void,
  ) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

/**
 * Every LISTEN of a process on one connection of its own, outside the pool (it would take one of
 * the pool's for good), opened at the first listen.
 *
 * The server may end it at any time (a restart, a terminated backend, a network fault): it is then
 * opened again after a pause that grows while it fails, every channel is listened to again, and
 * each listener is told of the gap, for the notifications it may have missed.
 */
export const notificationHub = (newClient: () => pg.Client): Notifications => {
  /** The listeners of each channel: several parts of a process may listen on one. */
  const channels = new Map<string, Set<Channel>>();
  const everyListener = () => [...channels.values()].flatMap((set) => [...set]);
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const later = () => {
    if (retry || closed) return;
    failures++;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, troubleBackoffMs(failures));
    retry.unref();
  };

  const connect = (): Promise<void> =>
    (connecting ??= (async () => {
      const candidate = newClient();
      // An error of the connection (the server gone) ends it: 'end' follows, which reconnects.
      candidate.on('error', () => undefined);
      candidate.on('notification', (message) => {
        for (const listener of channels.get(message.channel) ?? [])
          listener.onMessage(message.payload ?? '');
      });
      candidate.on('end', () => {
        if (client !== candidate) return;
        client = undefined;
        for (const listener of everyListener()) listener.onGap();
        later();
      });
      try {
        await candidate.connect();
        for (const name of channels.keys()) await candidate.query(`LISTEN ${name}`);
      } catch {
        await candidate.end().catch(() => undefined);
        later();
        return;
      }
      if (closed) {
        await candidate.end().catch(() => undefined);
        return;
      }
      client = candidate;
      failures = 0;
      for (const listener of everyListener()) listener.onGap();
    })().finally(() => {
      connecting = undefined;
    }));

  return {
    listen: async (name, onMessage, onGap) => {
      const listener = { onMessage, onGap };
      const listeners = channels.get(name) ?? new Set<Channel>();
      channels.set(name, listeners.add(listener));
      if (!client) await connect();
      // Twice is harmless: a connection opened meanwhile may not have known of this channel.
      else if (listeners.size === 1) await client.query(`LISTEN ${name}`).catch(() => undefined);
      return async () => {
        listeners.delete(listener);
        if (listeners.size > 0) return;
        channels.delete(name);
        await client?.query(`UNLISTEN ${name}`).catch(() => undefined);
      };
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting;
      const listening = client;
      client = undefined;
      await listening?.end().catch(() => undefined);
    },
  };
};
