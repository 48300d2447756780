/**
 * Fetches an image (the result with the session cookie, or a static example) and saves it as a
 * PNG under `fileName`. Images that are not PNG already (the WEBP examples) are converted.
 */
export const saveImageAsPng = async (url: string, fileName: string): Promise<void> => {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`Download failed: ${response.status} ${response.statusText}`);
  const fetched = await response.blob();
  const png = fetched.type === 'image/png' ? fetched : await convertToPng(fetched);
  const objectUrl = URL.createObjectURL(png);
  try {
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the blob to the download manager; free it on the next task.
    window.setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  }
};

const convertToPng = async (blob: Blob): Promise<Blob> => {
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available to convert the image');
  context.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (png) => (png ? resolve(png) : reject(new Error('The image could not be converted'))),
      'image/png',
    ),
  );
};
