import pg from 'pg';

/**
 * A fresh database on the DATABASE_URL server for processes the test spawns, or none (the
 * spawned API then keeps embedded PGlite in its data folder).
 */
export async function freshDatabase(label: string) {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { url: '', drop: async () => undefined };
  const name = `${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 7)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
