/** One address a name resolves to, as sockets take it. */
export type ResolvedAddress = { address: string; family: 4 | 6 };
