// Uploads cannot starve the server: login p99 while 4 pathological images (1 × 39,000,000 PNG,
// ~75 KB, under the pixel limit) decode, against login p99 at rest, in one run; and how fast a
// user without credits is answered when sending one. Prints figures (not a test).
// Needs a Postgres server (DATABASE_URL, default local). `--quick` for fewer logins.
import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { fixturePhoto } from '../api/src/testing/fixtures';
import { spawnApi, tempDataDir } from '../api/src/testing/spawn-api';
import { pathologicalPng } from '../api/src/testing/pathological-png';
import { createBenchDatabase } from './lib/database';

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOGINS = process.argv.includes('--quick') ? 15 : 40;
const BOMBS = 4;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const f = (ms: number) => `${ms.toFixed(0).padStart(6)} ms`;

const database = await createBenchDatabase(serverUrl, 'bench_uploads');
const api = await spawnApi({
  DATABASE_URL: database.url,
  DATA_DIR: await tempDataDir('bench-uploads'),
  REGISTRATIONS_PER_IP: '1000',
  LOGIN_ATTEMPTS_PER_IP: '100000',
});
const post = (path: string, body: unknown, token?: string) =>
  fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });

async function register(label: string) {
  const response = await post('/api/auth/register', {
    email: `${label}@example.com`,
    password: 'benchmark-password',
    username: label,
  });
  if (!response.ok) throw new Error(`register ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

async function loginTimes(count: number) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await post('/api/auth/login', {
      email: 'login@example.com',
      password: 'benchmark-password',
    });
    if (!response.ok) throw new Error(`login ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  return times;
}

function uploadBomb(token: string, bytes: Buffer) {
  const form = new FormData();
  form.set('style', 'ghibli');
  form.set('profileImage', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'bomb.png');
  return fetch(`${api.url}/api/generate-image`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

try {
  const bomb = pathologicalPng();
  await register('login');
  const uploaders = await Promise.all(
    Array.from({ length: BOMBS }, (_, i) => register(`uploader${i}`)),
  );
  await loginTimes(3); // warm-up

  const atRest = await loginTimes(LOGINS);

  // Four users with credits keep a pathological image decoding (each retries when refused).
  let loading = true;
  const outcomes = new Map<number, number>();
  const bombers = uploaders.map(async (token) => {
    while (loading) {
      const response = await uploadBomb(token, bomb);
      await response.arrayBuffer();
      outcomes.set(response.status, (outcomes.get(response.status) ?? 0) + 1);
      if (response.status === 503) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  });
  await new Promise((resolve) => setTimeout(resolve, 500)); // the decodes are under way
  const underLoad = await loginTimes(LOGINS);
  loading = false;
  await Promise.all(bombers);

  // A user without credits sending the same image: answered from the balance, no decode.
  const broke = await register('broke');
  const spent = await uploadBomb(broke, await fs.readFile(fixturePhoto('chelsea.png')));
  if (!spent.ok) throw new Error(`generation ${spent.status}`); // the 5 signup credits are gone
  const brokeTimes: number[] = [];
  for (let i = 0; i < 10; i++) {
    const started = performance.now();
    const response = await uploadBomb(broke, bomb);
    await response.arrayBuffer();
    if (response.status !== 402) throw new Error(`expected 402, got ${response.status}`);
    brokeTimes.push(performance.now() - started);
  }

  console.log(`login (argon2id) p50 / p99 over ${LOGINS} sequential logins`);
  console.log(
    `  at rest                                 ${f(percentile(atRest, 50))} / ${f(percentile(atRest, 99))}`,
  );
  console.log(
    `  while ${BOMBS} users upload 1×39,000,000 PNGs  ${f(percentile(underLoad, 50))} / ${f(percentile(underLoad, 99))}   (ratio p99 ${(percentile(underLoad, 99) / percentile(atRest, 99)).toFixed(2)}×)`,
  );
  console.log(
    `  upload answers meanwhile: ${[...outcomes].map(([status, n]) => `${n}× ${status}`).join(', ')}`,
  );
  console.log(
    `the same PNG from a user without credits (402): p50 ${f(percentile(brokeTimes, 50))}, max ${f(Math.max(...brokeTimes))}`,
  );
} finally {
  await api.stop();
  await database.drop();
}
