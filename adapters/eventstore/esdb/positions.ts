import type { Position as EsdbPosition } from '@eventstore/db-client';
import type { Position } from '../../../domain/shared/envelope.js';
import { position } from '../../../domain/shared/envelope.js';
import { InvalidCursorError } from '../../readstore/port.js';

/**
 * The furthest commit position the server can read from: it takes the gRPC message's unsigned
 * 64-bit positions as signed 64-bit log offsets, so anything above wraps to a negative one.
 */
export const MAX_POSITION = 2n ** 63n - 1n;

/**
 * A position this log did not issue: one outside its range, or one the server refuses to read
 * from. It is the error the HTTP edge already answers with a 400 for a cursor it did not issue.
 */
export class InvalidPositionError extends InvalidCursorError {
  constructor(readonly position: string) {
    super();
    this.name = 'InvalidPositionError';
    this.message = 'The position is not one this log issued.';
  }
}

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

/**
 * The commit position a port's position names. Checked here rather than left to the client: it
 * writes positions into the request as unsigned 64-bit numbers, and one above 2^64 wraps silently
 * (2^64 becomes 0, a read from the start of the log).
 */
export const commitOf = (at: Position | string): bigint => {
  if (!/^(0|[1-9][0-9]*)$/.test(at)) throw new InvalidPositionError(at);
  const commit = BigInt(at);
  if (commit > MAX_POSITION) throw new InvalidPositionError(at);
  return commit;
};

/** Where to start a read of `$all`: the record at the port's position. */
export const toEsdb = (at: Position): EsdbPosition => {
  const commit = commitOf(at);
  return { commit, prepare: commit };
};

/** Streams and types that start with `$` are EventStoreDB's own (`$stats`, `$>`, `$metadata`…). */
export const isSystem = (event: { streamId: string; type: string }): boolean =>
  event.streamId.startsWith('$') || event.type.startsWith('$');
