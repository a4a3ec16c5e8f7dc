import { randomBytes } from 'node:crypto';
import { dropSchema, postgresUrl } from './postgresSchema.js';
import type { ServerProcess } from './serverProcess.js';
import { startServerProcess } from './serverProcess.js';
import { tempDir } from './tempDir.js';

/**
 * Processes of the distributed deployment on PostgreSQL, each running the roles it is given, in a
 * schema of their own; every one has the API too, so that the test knows when it listens. `close`
 * kills them all and drops the schema.
 */
export const roleServers = (admin: string, env: Record<string, string> = {}) => {
  const schema = `roles_${randomBytes(6).toString('hex')}`;
  const folders: Array<ReturnType<typeof tempDir>> = [];
  const servers: ServerProcess[] = [];
  const shared = {
    SLUICE_MODE: 'distributed',
    POSTGRES_URL: postgresUrl!,
    SLUICE_POSTGRES_SCHEMA: schema,
    SLUICE_ADMIN_KEY: admin,
    SLUICE_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    ...env,
  };
  return {
    start: async (roles: string) => {
      const folder = tempDir();
      folders.push(folder);
      const server = await startServerProcess({
        ...shared,
        SLUICE_ROLES: roles.includes('api') ? roles : `api,${roles}`,
        SLUICE_DATA_DIR: folder.path,
      });
      servers.push(server);
      return server;
    },
    close: async () => {
      for (const server of servers.splice(0)) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      for (const folder of folders.splice(0)) folder.remove();
      await dropSchema(schema);
    },
  };
};
