import type { RestartingServer } from './restartingServer.js';

export type LogEntry = {
  position: string;
  stream: string;
  type: string;
  merchant_id: string | null;
  data: any;
};

/**
 * The log, oldest first, through the audit route, page after page: each call reads what was
 * appended since the last one and returns the whole log read so far.
 */
export const logReader = (server: RestartingServer) => {
  const entries: LogEntry[] = [];
  let from: string | null = null;
  return async (): Promise<LogEntry[]> => {
    for (;;) {
      const res = await server.call(
        'GET',
        `/v1/audit/events?limit=100${from ? `&from_position=${from}` : ''}`,
      );
      if (res.status !== 200) throw new Error(`audit: ${res.status} ${JSON.stringify(res.body)}`);
      entries.push(...(res.body.data as LogEntry[]));
      from = (res.body.next_position as string | null) ?? from;
      if (!res.body.has_more) return entries;
    }
  };
};

/** Every item of a list route, following its cursor. */
export const readAll = async (server: RestartingServer, path: string): Promise<any[]> => {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const res = await server.call(
      'GET',
      `${path}${separator}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    items.push(...(res.body.data as unknown[]));
    cursor = res.body.next_cursor as string | null;
  } while (cursor);
  return items;
};
