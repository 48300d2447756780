/** "+5", "−5" (a real minus sign), "0". */
export const formatDelta = (delta: number): string =>
  delta > 0
    ? `+${delta.toLocaleString('en-US')}`
    : delta < 0
      ? `−${Math.abs(delta).toLocaleString('en-US')}`
      : '0';
