import { expect } from 'chai';
import { mongoClaims } from '../../../adapters/claims/mongo/mongoClaims.js';
import { MONGO_SKIPPED, freshMongoDatabase } from '../../support/mongoFixture.js';
import { skipSuite } from '../../support/skipSuite.js';
import { claimsContract } from './claims.contract.js';

const url = process.env.MONGO_URL;
const COLLECTION = 'delivery_claims';
type ClaimDoc = { _id: string; owner: string; until: Date };

if (url === undefined || url === '') {
  skipSuite('MongoDB claims contract suite', MONGO_SKIPPED);
} else {
  claimsContract('MongoDB', async () => {
    const mongo = await freshMongoDatabase(url);
    return {
      claims: await mongoClaims(mongo.db, { collection: COLLECTION }),
      // Leases run on the server's clock: time passes for them when every lease moves back.
      advance: async (ms) => {
        await mongo.db
          .collection(COLLECTION)
          .updateMany({}, [{ $set: { until: { $subtract: ['$until', ms] } } }]);
      },
      close: mongo.close,
    };
  });

  describe('MongoDB claims, on the server', () => {
    it("measures a lease on the server's clock", async () => {
      const mongo = await freshMongoDatabase(url);
      try {
        const claims = await mongoClaims(mongo.db, { collection: COLLECTION });
        const before = Date.now();
        expect(await claims.claim('k', 'dsp_1', 60_000)).to.equal(true);
        const doc = await mongo.db.collection<ClaimDoc>(COLLECTION).findOne({ _id: 'k' });
        const until = doc!.until.getTime();
        // This host's clock and the server's may differ a little, never by the lease.
        expect(until - before).to.be.within(50_000, 70_000);
      } finally {
        await mongo.close();
      }
    });

    it('takes an owner that looks like a field path as a plain name', async () => {
      const mongo = await freshMongoDatabase(url);
      try {
        const claims = await mongoClaims(mongo.db, { collection: COLLECTION });
        expect(await claims.claim('k', '$owner', 60_000)).to.equal(true);
        expect(await claims.claim('k', '$owner', 60_000)).to.equal(true);
        expect(await claims.claim('k', 'dsp_2', 60_000)).to.equal(false);
        const doc = await mongo.db.collection<ClaimDoc>(COLLECTION).findOne({ _id: 'k' });
        expect(doc?.owner).to.equal('$owner');
      } finally {
        await mongo.close();
      }
    });
  });
}
