import type { PostgresDatabase } from '../../postgres/database.js';
import type { Claims } from '../port.js';

const CLAIMS = `
  CREATE TABLE claims (
    key   text COLLATE "C" PRIMARY KEY,
    owner text NOT NULL,
    until timestamptz NOT NULL
  );
  CREATE INDEX claims_until ON claims (until);
`;

/** Expired claims are removed this long after their lease ended, now and then. */
const KEEP_EXPIRED = '1 hour';
const SWEEP_EVERY = 1000;
/** The most claims one statement makes. */
const CLAIMS_PER_STATEMENT = 500;

type Asked = {
  key: string;
  owner: string;
  leaseMs: number;
  answer: (granted: boolean) => void;
  fail: (error: unknown) => void;
};

/**
 * The claims of one statement: one claim of a key each (a statement cannot write one row twice);
 * a second claim of a key waits for the next statement, where the first one's row answers it.
 */
const nextStatement = (waiting: Asked[]): { batch: Asked[]; rest: Asked[] } => {
  const keys = new Set<string>();
  const batch: Asked[] = [];
  const rest: Asked[] = [];
  for (const asked of waiting) {
    if (keys.has(asked.key) || batch.length >= CLAIMS_PER_STATEMENT) rest.push(asked);
    else {
      keys.add(asked.key);
      batch.push(asked);
    }
  }
  return { batch, rest };
};

/**
 * Claims shared by every worker, one row per key. Leases are measured on the server's clock
 * (`now()`), so that hosts whose clocks disagree still agree on who holds a key. A claim inserts,
 * or takes over a row whose lease ended or that its owner holds; a row held by another is left
 * alone and the claim answers false.
 *
 * Claims asked for while a statement is on its way go together in the next one, each answered as
 * if made alone: a dispatcher starting many tries at once makes them in one round trip, not one
 * each.
 */
export const postgresClaims = async (db: PostgresDatabase): Promise<Claims> => {
  await db.migrate('001_claims', CLAIMS);
  let claimsMade = 0;
  let waiting: Asked[] = [];
  let sending = false;

  const send = async (batch: readonly Asked[]) => {
    const result = await db.pool.query<{ key: string }>(
      `INSERT INTO claims (key, owner, until)
       SELECT k, o, now() + l * interval '1 millisecond'
       FROM unnest($1::text[], $2::text[], $3::float8[]) AS t(k, o, l)
       ON CONFLICT (key) DO UPDATE SET owner = EXCLUDED.owner, until = EXCLUDED.until
       WHERE claims.until <= now() OR claims.owner = EXCLUDED.owner
       RETURNING key`,
      [batch.map((a) => a.key), batch.map((a) => a.owner), batch.map((a) => a.leaseMs)],
    );
    const granted = new Set(result.rows.map((row) => row.key));
    claimsMade += batch.length;
    if (claimsMade >= SWEEP_EVERY) {
      claimsMade = 0;
      await db.pool
        .query(`DELETE FROM claims WHERE until < now() - interval '${KEEP_EXPIRED}'`)
        .catch(() => undefined);
    }
    return granted;
  };

  const pump = async () => {
    sending = true;
    try {
      while (waiting.length > 0) {
        const { batch, rest } = nextStatement(waiting);
        waiting = rest;
        try {
          const granted = await send(batch);
          for (const asked of batch) asked.answer(granted.has(asked.key));
        } catch (error) {
          for (const asked of batch) asked.fail(error);
        }
      }
    } finally {
      sending = false;
    }
  };

  return {
    claim: (key, owner, leaseMs) =>
      new Promise<boolean>((answer, fail) => {
        waiting.push({ key, owner, leaseMs, answer, fail });
        if (!sending) void pump();
      }),
    release: async (key, owner) => {
      await db.pool.query('DELETE FROM claims WHERE key = $1 AND owner = $2', [key, owner]);
    },
    close: () => Promise.resolve(),
  };
};
