import { batchGeneration } from '../batchTarget.js';
import type { Position } from '../../../domain/shared/envelope.js';
import type { Change, Doc } from '../../../projections/projection.js';
import type { PostgresDatabase } from '../../postgres/database.js';
import type { Target } from '../port.js';
import type { StateRow } from './registry.js';
import { withProjection } from './registry.js';
import { docsRead, ownedSpecs, patchReads, resultsOf, writeStatements } from './batchStatements.js';
import { tableName } from './tables.js';

/**
 * Applies a batch and moves the checkpoint, in one transaction holding the projection's row. A
 * batch whose checkpoint is not past the stored one is ignored, and one whose writer last knew a
 * checkpoint behind the stored one is refused (StaleBatchError): nothing is applied twice.
 */
export const applyBatch = (
  db: PostgresDatabase,
  name: string,
  target: Target,
  changes: readonly Change[],
  checkpoint: Position,
): Promise<boolean> =>
  withProjection(db, name, async (client, row?: StateRow) => {
    if (!row) throw new Error(`Unknown projection: ${name}`);
    const generation = batchGeneration(name, row, target, checkpoint);
    if (generation === null) return false;
    const literal = (value: string) => client.escapeLiteral(value);
    const specOf = ownedSpecs(row, changes);
    const reads = patchReads(literal, changes, (collection) =>
      tableName(specOf(collection).name, generation),
    );
    const read =
      reads.length === 0
        ? new Map<string, Doc>()
        : docsRead(reads, resultsOf(await client.query(reads.map((one) => one.sql).join(';\n'))));
    const column = target.kind === 'live' ? 'checkpoint' : 'rebuild_checkpoint';
    await client.query(
      [
        ...writeStatements(literal, specOf, generation, changes, read),
        `UPDATE projection_state SET ${column} = ${literal(checkpoint)} WHERE name = ${literal(name)}`,
      ].join(';\n'),
    );
    return true;
  });
