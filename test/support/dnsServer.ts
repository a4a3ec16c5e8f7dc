import { createSocket } from 'node:dgram';
import type { RemoteInfo } from 'node:dgram';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

const TYPE_A = 1;
const TYPE_AAAA = 28;
const NXDOMAIN = 3;

export type DnsQuestion = { name: string; type: 'A' | 'AAAA' | number };

export type DnsServer = {
  /** Where it listens, as SLUICE_DNS_SERVERS takes it: `127.0.0.1:<port>`. */
  address: string;
  /**
   * What each name resolves to: its IPv4 addresses answer A questions, its IPv6 ones AAAA
   * questions. A name not here does not exist (NXDOMAIN).
   */
  table: Map<string, string[]>;
  /** The TTL of every answer, in seconds (0: not to be kept). */
  ttlS: number;
  /** The questions asked, in order. */
  questions: DnsQuestion[];
  close: () => Promise<void>;
};

/** The name asked for in a query, and where its question ends (after its type and class). */
const readQuestion = (query: Buffer): { name: string; type: number; end: number } => {
  const labels: string[] = [];
  let at = 12;
  for (let length = query[at]!; length > 0; length = query[at]!) {
    labels.push(query.toString('ascii', at + 1, at + 1 + length));
    at += 1 + length;
  }
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(at + 1), end: at + 5 };
};

const record = (type: number, address: string, ttlS: number): Buffer => {
  const data = Buffer.from(ipaddr.parse(address).toByteArray());
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // class IN
  head.writeUInt32BE(ttlS, 6);
  head.writeUInt16BE(data.length, 10);
  return Buffer.concat([head, data]);
};

const answerTo = (query: Buffer, addresses: string[] | undefined, ttlS: number): Buffer => {
  const { type, end } = readQuestion(query);
  const family = type === TYPE_A ? 4 : type === TYPE_AAAA ? 6 : 0;
  const records = (addresses ?? [])
    .filter((address) => isIP(address) === family)
    .map((address) => record(type, address, ttlS));
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the query's id
  // A response, authoritative, recursion desired and available; NXDOMAIN for unknown names.
  header.writeUInt16BE(0x8580 | (addresses ? 0 : NXDOMAIN), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(records.length, 6);
  return Buffer.concat([header, query.subarray(12, end), ...records]);
};

/**
 * A real DNS server on 127.0.0.1 and a free UDP port, for tests of lookups: it answers A and AAAA
 * questions from its table, with its TTL, and leaves the questions about `silent` names unanswered,
 * as a server that never answers would.
 */
export const startDnsServer = async (
  options: { ttlS?: number; silent?: (name: string) => boolean } = {},
): Promise<DnsServer> => {
  const socket = createSocket('udp4');
  const server: DnsServer = {
    address: '',
    table: new Map(),
    ttlS: options.ttlS ?? 0,
    questions: [],
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (query: Buffer, from: RemoteInfo) => {
    let question: ReturnType<typeof readQuestion>;
    try {
      question = readQuestion(query);
    } catch {
      return;
    }
    const { name, type } = question;
    server.questions.push({
      name,
      type: type === TYPE_A ? 'A' : type === TYPE_AAAA ? 'AAAA' : type,
    });
    if (options.silent?.(name)) return;
    socket.send(answerTo(query, server.table.get(name), server.ttlS), from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  server.address = `127.0.0.1:${socket.address().port}`;
  return server;
};
