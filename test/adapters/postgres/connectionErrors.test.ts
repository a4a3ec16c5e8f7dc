import { expect } from 'chai';
import { transaction } from '../../../adapters/postgres/database.js';
import { NO_POSTGRES, freshSchema, postgresUrl } from '../../support/postgresSchema.js';
import { skipSuite } from '../../support/skipSuite.js';

if (postgresUrl === undefined || postgresUrl === '') {
  skipSuite('a pooled connection that the server ends', NO_POSTGRES);
} else {
  describe('a pooled connection that the server ends', function () {
    this.timeout(20_000);

    it('does not end the process when the error comes between its hand-over and the borrower’s first statement', async () => {
      const db = await freshSchema();
      try {
        // The pool hands a connection over synchronously, while the packet that made it free
        // is still being read; the borrower's code runs only after. The server's goodbye in that
        // packet reaches the connection in between: as here, at the hand-over.
        db.pool.once('acquire', (client) =>
          queueMicrotask(() =>
            client.emit('error', new Error('terminating connection due to administrator command')),
          ),
        );
        const answer = await transaction(db.pool, (client) => client.query('SELECT 1 AS one'));
        expect(answer.rows).to.deep.equal([{ one: 1 }]);
        expect((await db.pool.query('SELECT 2 AS two')).rows).to.deep.equal([{ two: 2 }]);
      } finally {
        await db.drop();
      }
    });
  });
}
