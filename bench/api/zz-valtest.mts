import { createYoga } from 'graphql-yoga';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { useCSRFPrevention } from '@graphql-yoga/plugin-csrf-prevention';
import { createFetch } from '@whatwg-node/fetch';
import { schema } from '../../api/src/graphql/schema';
import { useRequestObservation } from '../../api/src/graphql/request-observation';
let calls = 0;
const timing = {
  onValidate: ({ setValidationFn, validateFn }: any) =>
    setValidationFn((...a: any[]) => {
      calls += 1;
      return validateFn(...a);
    }),
};
const variant = process.argv[2];
const yoga = createYoga<any, any>({
  schema,
  ...(variant === 'fetch' ? { fetchAPI: createFetch({ formDataLimits: { fileSize: 1000 } }) } : {}),
  context: () => ({ viewer: null }),
  plugins: [
    timing,
    useRequestObservation(() => undefined),
    useCSRFPrevention({ requestHeaders: ['x-graphql-yoga-csrf'] }),
    maxDepthPlugin({ n: 10 }),
    costLimitPlugin({ maxCost: 5000 }),
  ],
});
for (let i = 0; i < 5; i++) {
  const r = await yoga.fetch('http://x/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
    body: JSON.stringify({ query: '{ me { id } }' }),
  });
  if (i === 0) console.log(await r.text());
  else await r.text();
}
console.log(variant, 'validateFn calls', calls);
process.exit(0);
