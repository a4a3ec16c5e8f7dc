import ipaddr from 'ipaddr.js';

/**
 * May a webhook be sent to this IP address? Only to public unicast addresses: never to loopback,
 * private, link-local (which holds the cloud metadata address 169.254.169.254), carrier-grade
 * NAT, unique-local, multicast, reserved or unspecified ones, nor to an IPv4 address hidden in
 * an IPv6 one.
 */
export const isPublicAddress = (address: string): boolean => {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  // IPv4-compatible addresses (::a.b.c.d, deprecated by RFC 4291) are 'unicast' to ipaddr.js, but
  // some stacks still route them to the IPv4 address they hold: none is public.
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).parts.slice(0, 6).every((p) => p === 0))
    return false;
  // Every special range (NAT64, 6to4 and Teredo included, which lead to IPv4 addresses) is
  // something other than 'unicast'.
  return parsed.range() === 'unicast';
};

export const isIpLiteral = (host: string): boolean => ipaddr.isValid(host.replace(/^\[|\]$/g, ''));

/**
 * `localhost` and every name under it are loopback by definition (RFC 6761), whatever a
 * machine's resolver says today: many resolve them to 127.0.0.1 and ::1 without asking DNS.
 */
export const isLoopbackName = (host: string): boolean =>
  /(^|\.)localhost$/i.test(host.replace(/\.$/, ''));
