import type { PostgresDatabase } from '../../postgres/database.js';

export const FEED_TABLES = `
  CREATE TABLE feed_partitions (
    grp        text COLLATE "C" NOT NULL,
    partition  integer NOT NULL,
    owner      text,
    until      timestamptz NOT NULL DEFAULT '-infinity',
    checkpoint text,
    PRIMARY KEY (grp, partition)
  );
  CREATE TABLE feed_members (
    grp    text COLLATE "C" NOT NULL,
    member text NOT NULL,
    until  timestamptz NOT NULL,
    PRIMARY KEY (grp, member)
  );
`;

export type Owned = Map<number, string | null>;

/**
 * The partitions of a group, leased to its members on the server's clock. A member holds about its
 * share (the partitions over the members alive), renews them while it runs, gives back what is
 * more than its share, and takes partitions free or left by a member whose lease ran out.
 */
export const partitionLeases = (
  db: PostgresDatabase,
  group: string,
  member: string,
  options: {
    partitions: number;
    leaseMs: number;
    /**
     * Where renewals go: a small pool of their own, so that a deep queue of work on the main pool
     * never lets a lease lapse. The checkpoints move on the main pool, with the work.
     */
    renewals?: PostgresDatabase;
  },
) => {
  const renewing = (options.renewals ?? db).pool;
  const lease = `now() + ${Math.max(1, Math.floor(options.leaseMs))} * interval '1 millisecond'`;
  return {
    /** Creates the group's partitions if new, each starting after `start`. */
    create: async (start: string | null) => {
      await renewing.query(
        `INSERT INTO feed_partitions (grp, partition, checkpoint)
         SELECT $1, p, $2 FROM generate_series(0, $3 - 1) AS p ON CONFLICT DO NOTHING`,
        [group, start, options.partitions],
      );
    },
    /**
     * Renews this member and what it holds; returns what it holds now, with checkpoints. Of what
     * is more than its share, it gives back what `mayRelease` lets go; the rest it still holds
     * (renewed), but it is not returned: no new work of it starts here.
     */
    rebalance: async (mayRelease: (partition: number) => boolean = () => true): Promise<Owned> => {
      await renewing.query(
        `INSERT INTO feed_members (grp, member, until) VALUES ($1, $2, ${lease})
         ON CONFLICT (grp, member) DO UPDATE SET until = EXCLUDED.until`,
        [group, member],
      );
      const alive = await renewing.query<{ n: string }>(
        'SELECT count(*) AS n FROM feed_members WHERE grp = $1 AND until > now()',
        [group],
      );
      const share = Math.ceil(options.partitions / Math.max(1, Number(alive.rows[0]?.n ?? 1)));
      const held = await renewing.query<{ partition: number; checkpoint: string | null }>(
        `UPDATE feed_partitions SET until = ${lease}
         WHERE grp = $1 AND owner = $2 AND until > now() RETURNING partition, checkpoint`,
        [group, member],
      );
      const owned: Owned = new Map(held.rows.map((row) => [row.partition, row.checkpoint]));
      const extra = [...owned.keys()].sort((a, b) => a - b).slice(share);
      const released = extra.filter(mayRelease);
      if (released.length > 0) await release(released);
      for (const partition of extra) owned.delete(partition);
      if (owned.size < share) {
        const taken = await renewing.query<{ partition: number; checkpoint: string | null }>(
          `UPDATE feed_partitions SET owner = $2, until = ${lease}
           WHERE (grp, partition) IN (
             SELECT grp, partition FROM feed_partitions
             WHERE grp = $1 AND (owner IS NULL OR until <= now())
             ORDER BY partition LIMIT $3 FOR UPDATE SKIP LOCKED)
           RETURNING partition, checkpoint`,
          [group, member, share - owned.size],
        );
        for (const row of taken.rows) owned.set(row.partition, row.checkpoint);
      }
      return owned;
    },
    /**
     * Moves the checkpoint of partitions this member still holds: fenced by owner and lease, so a
     * member that lost a partition cannot move it. Returns the partitions it moved.
     */
    advance: async (partitions: number[], checkpoint: string): Promise<Set<number>> => {
      const moved = await db.pool.query<{ partition: number }>(
        `UPDATE feed_partitions SET checkpoint = $4
         WHERE grp = $1 AND owner = $2 AND until > now() AND partition = ANY($3) RETURNING partition`,
        [group, member, partitions, checkpoint],
      );
      return new Set(moved.rows.map((row) => row.partition));
    },
    /** Gives partitions back, for another member to take at once. */
    release: (partitions: number[]) => release(partitions),
    leave: async () => {
      await release(null);
      await renewing.query('DELETE FROM feed_members WHERE grp = $1 AND member = $2', [
        group,
        member,
      ]);
    },
  };

  async function release(partitions: number[] | null) {
    await renewing.query(
      `UPDATE feed_partitions SET owner = NULL, until = '-infinity'
       WHERE grp = $1 AND owner = $2 AND ($3::int[] IS NULL OR partition = ANY($3))`,
      [group, member, partitions],
    );
  }
};
