import { mongoClaims } from '../../../adapters/claims/mongo/mongoClaims.js';
import { MONGO_SKIPPED, freshMongoDatabase } from '../../support/mongoFixture.js';
import { skipSuite } from '../../support/skipSuite.js';
import { claimsContract } from './claims.contract.js';

const url = process.env.MONGO_URL;

if (url === undefined || url === '') {
  skipSuite('MongoDB claims contract suite', MONGO_SKIPPED);
} else {
  claimsContract('MongoDB', async () => {
    const mongo = await freshMongoDatabase(url);
    let now = Date.parse('2026-01-01T00:00:00Z');
    return {
      claims: await mongoClaims(mongo.db, { now: () => now }),
      advance: (ms: number) => {
        now += ms;
      },
      close: mongo.close,
    };
  });
}
