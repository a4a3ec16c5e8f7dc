import { randomUUID } from 'node:crypto';
import type { Db } from 'mongodb';
import { MongoClient } from 'mongodb';

export const MONGO_SKIPPED =
  'MONGO_URL is not set (docker compose up -d mongo, then MONGO_URL=mongodb://localhost:27017)';

/** A database of its own for one test, dropped when the test closes it. */
export const freshMongoDatabase = async (
  url: string,
): Promise<{ client: MongoClient; db: Db; close: () => Promise<void> }> => {
  const client = await new MongoClient(url).connect();
  const db = client.db(`sluice_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`);
  return {
    client,
    db,
    close: async () => {
      await db.dropDatabase();
      await client.close();
    },
  };
};
