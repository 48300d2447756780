/** The REST upload (`POST /api/generate-image`), as earlier clients send it. */
export const restUploadForm = (bytes: Buffer) => {
  const body = new FormData();
  body.set('profileImage', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  body.set('style', 'ghibli');
  return body;
};

/** `generateImage` in the GraphQL multipart request spec, as the web app (send-generation.ts) sends it. */
export const graphqlUploadForm = (bytes: Buffer) => {
  const body = new FormData();
  body.set(
    'operations',
    JSON.stringify({
      query:
        'mutation ($input: GenerateImageInput!) { generateImage(input: $input) { id status } }',
      variables: { input: { style: 'GHIBLI', photo: null } },
    }),
  );
  body.set('map', JSON.stringify({ 0: ['variables.input.photo'] }));
  body.set('0', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  return body;
};
