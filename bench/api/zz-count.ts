import { spawnApi } from '../../api/src/testing/spawn-api';
import autocannon from 'autocannon';
const api = await spawnApi({
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/h_issue22_v',
  PROJECTIONS_MODE: 'in-process',
});
try {
  const reg = await fetch(api.url + '/api/auth/register', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'v' + Date.now() + '@example.com',
      password: 'benchmark',
      username: 'v' + Date.now(),
    }),
  });
  const { token } = (await reg.json()) as any;
  await autocannon({
    url: api.url + '/graphql',
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-graphql-yoga-csrf': '1',
      authorization: 'Bearer ' + token,
    },
    body: JSON.stringify({ query: '{ me { id credits } }' }),
    amount: 600,
    connections: 4,
  });
} finally {
  await api.stop();
  console.log(
    api
      .output()
      .split('\n')
      .filter((l) => l.includes('validations') || l.includes('rror'))
      .slice(0, 10)
      .join('\n'),
  );
}
