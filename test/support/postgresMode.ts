import { createHash } from 'node:crypto';
import { dropSchema } from './postgresSchema.js';

/** Whether the tests' services run on PostgreSQL (SLUICE_TEST_MODE=postgres), every role in one process. */
export const inPostgresMode = (): boolean => process.env.SLUICE_TEST_MODE === 'postgres';

/** The schemas of PostgreSQL services this run made: dropped once every test has run. */
const schemasMade = new Set<string>();
if (typeof after === 'function') {
  after(async () => {
    for (const schema of schemasMade) await dropSchema(schema);
  });
}

/**
 * The distributed mode's settings for a service on PostgreSQL whose deployment its data folder
 * names: a restart on the same folder finds the same schema, admin key and encryption key, as a
 * restart of the embedded mode finds the same files.
 */
export const postgresModeEnv = (
  dataDir: string,
  adminKey: string | undefined,
): Record<string, string> => {
  const folder = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  const schema = `e2e_${folder}`;
  schemasMade.add(schema);
  return {
    SLUICE_MODE: 'distributed',
    SLUICE_ADMIN_KEY: adminKey ?? `sk_test_distributed_admin_${folder}_0000`,
    SLUICE_ENCRYPTION_KEY: createHash('sha256').update(`key ${folder}`).digest('base64'),
    POSTGRES_URL: process.env.POSTGRES_URL ?? '',
    SLUICE_POSTGRES_SCHEMA: schema,
  };
};
