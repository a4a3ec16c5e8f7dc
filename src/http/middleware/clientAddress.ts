import { isIPv6 } from 'node:net';
import type { Socket } from 'node:net';

/** The first four groups of an IPv6 address, written out (`::` expanded, leading zeros dropped). */
const prefix64 = (address: string): string => {
  const [head = '', tail] = address.split('%')[0]!.split('::');
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const before = groups(head);
  const after = groups(tail);
  // A dotted IPv4 tail takes two groups' room; it never reaches the first four.
  const width = before.length + after.length + (after.at(-1)?.includes('.') ? 1 : 0);
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - width)).fill('0');
  return [...before, ...zeros, ...after]
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':');
};

/**
 * Who a connection is from, as limits count it: an IPv4 address (also when it comes mapped into
 * IPv6), or an IPv6 address's /64, the block one host is usually given (its addresses within are
 * free for it to rotate through). Undefined once the socket is gone.
 */
export const clientAddress = (socket: Pick<Socket, 'remoteAddress'>): string | undefined => {
  const address = socket.remoteAddress;
  if (address === undefined) return undefined;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  return isIPv6(address) ? `${prefix64(address)}::/64` : address;
};

/**
 * Who a request is from, as the throttling of failed keys counts it: the connection's peer, or,
 * when that is one of the trusted proxies (SLUICE_TRUSTED_PROXIES, express's `trust proxy`), the
 * address the nearest untrusted hop of `X-Forwarded-For` names. From anyone else the header is
 * ignored: a client cannot choose whose allowance its failures spend.
 */
export const requestAddress = (req: { ip?: string | undefined }): string | undefined =>
  clientAddress({ remoteAddress: req.ip });
