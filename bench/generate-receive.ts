// Receiving a 5 MB upload in the real API, without the decode or the image engine: a user without
// credits is answered 402 once the body is in (the balance is awaited after the upload). Against a
// bare Node server receiving the same body, alternated; a node:http client sends one prebuilt
// buffer. Prints both round trips and the API's CPU per upload (/proc, 10 ms ticks).
// `npx tsx bench/generate-receive.ts [runs] [jpeg] [--prof]` (--prof: the API's CPU profile in /tmp/bench-receive-prof).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs/promises';
import { createScratchDatabase } from '@app/ledger/testing/scratch-database';
import { spawnApi, tempDataDir } from '../api/src/testing/spawn-api';
import { jpegOfSize } from './lib/camera-jpeg';
import { timedPost } from './lib/timed-post';
import { apiLogFile, PRODUCTION_API_ENV } from './lib/production-api-env';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RUNS = Number(process.argv[2] ?? 30);
const photo = process.argv[3]?.endsWith('.jpg')
  ? await fs.readFile(process.argv[3])
  : await jpegOfSize(5 * 1024 * 1024);
const cpuMsOf = async (pid: number) => {
  const f = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const scratch = await createScratchDatabase(serverUrl, 'bench_receive');
const dataDir = await tempDataDir('bench-receive');
const api = await spawnApi(
  {
    ...PRODUCTION_API_ENV,
    DATABASE_URL: scratch.url,
    DATA_DIR: dataDir,
    REGISTRATIONS_PER_IP: '1000',
  },
  120_000,
  process.argv.includes('--prof') ? ['--cpu-prof', '--cpu-prof-dir=/tmp/bench-receive-prof'] : [],
  { logFile: await apiLogFile('receive') },
);
const bare = createServer((q, s) => {
  q.resume();
  q.on('end', () => s.end('{}'));
});
await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
try {
  const response = await fetch(`${api.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'p@example.com', password: 'benchmark', username: 'probe' }),
  });
  const { token } = (await response.json()) as { token: string };
  const b = new FormData();
  b.set('profileImage', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  b.set('style', 'ghibli');
  const built = new Request('http://x/', { method: 'POST', body: b });
  const rawBody = Buffer.from(await built.arrayBuffer());
  const rawType = built.headers.get('content-type')!;
  const send = (url: string) =>
    timedPost(url, rawBody, { authorization: `Bearer ${token}`, 'content-type': rawType });
  for (let i = 0; i < 3; i++) {
    await send(`${api.url}/api/generate-image`);
    await send(bareUrl);
  }
  const ours: number[] = [],
    bares: number[] = [];
  let apiCpu = 0;
  let status = 0;
  for (let i = 0; i < RUNS; i++) {
    const c0 = await cpuMsOf(api.process.pid!);
    const [ms, code] = await send(`${api.url}/api/generate-image`);
    ours.push(ms);
    status = code;
    apiCpu += (await cpuMsOf(api.process.pid!)) - c0;
    bares.push((await send(bareUrl))[0]);
  }
  const p50 = (v: number[]) => [...v].sort((x, y) => x - y)[Math.floor(v.length / 2)]!;
  console.log(
    `API 402 round trip p50 ${p50(ours).toFixed(1)} ms (status ${status}), API CPU ${(apiCpu / RUNS).toFixed(1)} ms/request; bare p50 ${p50(bares).toFixed(1)} ms; ratio ${(p50(ours) / p50(bares)).toFixed(2)}`,
  );
} finally {
  bare.close();
  await api.stop();
  await scratch.drop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
