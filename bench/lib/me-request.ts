/** The `me` query the API benchmarks send, as a signed-in web client would. */
export const meRequest = (apiUrl: string, token: string) => ({
  url: `${apiUrl}/graphql`,
  headers: {
    'content-type': 'application/json',
    'x-graphql-yoga-csrf': '1',
    authorization: `Bearer ${token}`,
  },
  body: JSON.stringify({ query: 'query Me { me { id username credits } }' }),
});
