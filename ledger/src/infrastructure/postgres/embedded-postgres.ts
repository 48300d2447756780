import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  readonly connectionString: string;
  stop(): Promise<void>;
}

/** Opens PGlite (on disk or in memory) and serves it over the Postgres wire protocol on loopback. */
export async function startEmbeddedPostgres(dataDir: string): Promise<EmbeddedPostgres> {
  const db = await PGlite.create(dataDir);
  // The pool keeps one connection, but pg drops a connection after a failed query and opens a new
  // one before the server has noticed the old socket close: leave room so the new one is not refused.
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 8 });
  await server.start();
  const address = server.getServerConn();
  return {
    connectionString: `postgres://postgres@${address}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
