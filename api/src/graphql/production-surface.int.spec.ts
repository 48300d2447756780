import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from '../testing/http-client';
import { startTestApp, type TestApp } from '../testing/test-app';

describe('GraphQL in production', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ NODE_ENV: 'production', PAYMENTS: 'local' });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('does not describe its schema, and still answers queries', async () => {
    const client = new HttpClient(app.url);
    const introspection = await client.graphql('{ __schema { types { name } } }');
    expect(introspection.errors?.[0]?.message).toMatch(/introspection/i);
    expect(await client.graphql('{ me { id } }')).toEqual({ data: { me: null } });
  });

  it('does not suggest field names in its errors', async () => {
    const result = await new HttpClient(app.url).graphql('{ mee { id } }');
    expect(result.errors?.[0]?.message).toBeDefined();
    expect(result.errors?.[0]?.message).not.toMatch(/Did you mean|"me"/);
  });

  it('does not suggest enum values, in the query or in its variables', async () => {
    const client = new HttpClient(app.url);
    const inline = await client.graphql(
      '{ financeReport(from: "2020-01-01T00:00:00Z", to: "2021-01-01T00:00:00Z", granularity: MONT) { __typename } }',
    );
    expect(inline.errors?.[0]?.message).toMatch(/"MONT" does not exist/);
    expect(inline.errors?.[0]?.message).not.toMatch(/Did you mean|MONTH/);
    const variable = await client.graphql(
      'query ($g: ReportGranularity!) { financeReport(from: "2020-01-01T00:00:00Z", to: "2021-01-01T00:00:00Z", granularity: $g) { __typename } }',
      { g: 'MONT' },
    );
    expect(variable.errors?.[0]?.message).toMatch(/"MONT"/);
    expect(variable.errors?.[0]?.message).not.toMatch(/Did you mean|MONTH/);
  });
});
