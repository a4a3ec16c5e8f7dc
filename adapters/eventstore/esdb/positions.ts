import type { Position as EsdbPosition } from '@eventstore/db-client';
import type { Position } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';

/**
 * The port's position of an event in `$all`: its commit position, in decimal.
 *
 * EventStoreDB orders `$all` by (commit, prepare). Every append made through the gRPC API (the only
 * one this client speaks) is an implicit transaction whose records are each marked committed, so
 * each event's commit position is its own record's place in the log, equal to its prepare
 * position, and unique. Only the legacy TCP API's explicit transactions gave several events one
 * commit position; an event whose pair differs is refused loudly rather than given a position that
 * could collide with its neighbours (a subscription resuming after one would skip the others).
 * Commit positions are byte offsets that fit in 63 bits, so positions stay within the 20 decimal
 * digits the HTTP API accepts.
 */
export const fromEsdb = (at: EsdbPosition): Position => {
  if (at.commit !== at.prepare) {
    throw new Error(
      `An event at commit ${at.commit} / prepare ${at.prepare} was written in an explicit transaction; Sluice's log holds none.`,
    );
  }
  return position(at.commit);
};

/** Where to start a read of `$all`: the record at the port's position. */
export const toEsdb = (at: Position): EsdbPosition => ({
  commit: BigInt(at),
  prepare: BigInt(at),
});

/** Streams and types that start with `$` are EventStoreDB's own (`$stats`, `$>`, `$metadata`…). */
export const isSystem = (event: { streamId: string; type: string }): boolean =>
  event.streamId.startsWith('$') || event.type.startsWith('$');
