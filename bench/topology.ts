// Starts the production topology on this machine and keeps it running until Ctrl-C: nginx in
// front of two API replicas (PROJECTIONS_MODE=worker), one projections worker, a local S3 server
// and a fresh Postgres database. `bench/topology/topology.int.spec.ts` runs the same shape in CI.
// Needs Debian's nginx (/usr/sbin/nginx, or NGINX_PATH) and a Postgres server (DATABASE_URL).
import { startTopology } from './topology/start-topology';

const topology = await startTopology();
console.log(
  `balancer   ${topology.url}  (open it in a browser; the web app needs npm run build:web)`,
);
topology.replicas.forEach((replica, index) =>
  console.log(`replica ${'ab'[index]}  ${replica.url}  (pid ${replica.process.pid})`),
);
console.log(`worker     pid ${topology.worker.pid}`);
console.log(`S3         ${topology.s3.endpoint}  bucket ${topology.s3.bucket}`);
console.log(`database   ${topology.databaseUrl}  (dropped on exit)`);
console.log('Ctrl-C stops everything.');
await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
await topology.stop();
