import type { Statement } from 'better-sqlite3';
import type { SqliteDatabase } from './database.js';

/**
 * Statements whose SQL is built at run time (a table's generation, a query's conditions), each
 * prepared on first use and kept. `clear` forgets them when the tables they name are dropped.
 */
export const statementCache = (db: SqliteDatabase) => {
  const statements = new Map<string, Statement<unknown[]>>();
  return {
    prepared: (sql: string): Statement<unknown[]> => {
      let statement = statements.get(sql);
      if (!statement) {
        statement = db.prepare<unknown[]>(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    clear: () => statements.clear(),
  };
};
