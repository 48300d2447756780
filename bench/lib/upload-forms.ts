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

/**
 * The REST upload (restUploadForm) as a stream that arrives at `megabitsPerSecond`, the way a
 * photo comes in over a real connection rather than over loopback (64 KB at a time).
 */
export async function pacedRestUpload(bytes: Buffer, megabitsPerSecond: number) {
  const encoded = new Response(restUploadForm(bytes));
  const contentType = encoded.headers.get('content-type')!;
  const body = new Uint8Array(await encoded.arrayBuffer());
  const piece = 64 * 1024;
  const bytesPerMs = (megabitsPerSecond * 1_000_000) / 8 / 1000;
  let sent = 0;
  const started = performance.now();
  const stream = new ReadableStream<Uint8Array>({
    pull: async (controller) => {
      if (sent >= body.length) return controller.close();
      const wait = started + sent / bytesPerMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      controller.enqueue(body.subarray(sent, sent + piece));
      sent += piece;
    },
  });
  return { contentType, stream };
}
