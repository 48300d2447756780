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
 * The REST upload's multipart body as a stream that arrives at `megabitsPerSecond`, the way a
 * photo comes in over a real connection rather than over loopback (64 KB at a time).
 */
export function pacedRestUpload(bytes: Buffer, megabitsPerSecond: number) {
  const boundary = `----paced${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="style"\r\n\r\nghibli\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="photo.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const piece = 64 * 1024;
  const bytesPerMs = (megabitsPerSecond * 1_000_000) / 8 / 1000;
  let sent = 0;
  const started = performance.now();
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    /** performance.now() when the last byte was handed to the connection. */
    lastByteAt: 0,
    stream(): ReadableStream<Uint8Array> {
      return new ReadableStream({
        pull: async (controller) => {
          if (sent >= body.length) {
            this.lastByteAt = performance.now();
            return controller.close();
          }
          const due = started + sent / bytesPerMs;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
          controller.enqueue(new Uint8Array(body.subarray(sent, sent + piece)));
          sent += piece;
        },
      });
    },
  };
}
