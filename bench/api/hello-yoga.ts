import { createServer } from 'node:http';
import { createSchema, createYoga } from 'graphql-yoga';

// The baseline: a bare Yoga answering a constant, in its own process like the real API.
const yoga = createYoga({
  schema: createSchema({
    typeDefs: 'type Query { hello: String! }',
    resolvers: { Query: { hello: () => 'world' } },
  }),
  logging: false,
  landingPage: false,
});
const server = createServer(yoga);
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(
    `hello-yoga listening on ${typeof address === 'object' && address ? address.port : ''}`,
  );
});
