/**
 * Whether the browser can decode the file as an image (a text file named .png cannot): the
 * preview would otherwise show a broken image, and the server would only refuse it after
 * Generate. The server still checks every upload itself.
 */
export const decodesAsImage = async (file: Blob): Promise<boolean> => {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      const readable = bitmap.width > 0 && bitmap.height > 0;
      bitmap.close();
      return readable;
    } catch {
      return false;
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return image.naturalWidth > 0 && image.naturalHeight > 0;
  } catch {
    return false;
  } finally {
    URL.revokeObjectURL(url);
  }
};
