/** The side of every result picture, in pixels (the preview engine draws it; the production model returns it). */
export const OUTPUT_SIZE = 1024;
