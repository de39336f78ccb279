export interface Size {
  width: number;
  height: number;
}

/**
 * The largest size with the phone's aspect ratio that fits a box, in whole CSS pixels.
 * `frame` is the border drawn around the screen (each side), which the box must also hold.
 * The picture is drawn at exactly this size, so a pointer's position over it divided by it
 * is the position on the phone: no letterboxing to subtract.
 */
export function fitScreen(box: Size, screen: Size, frame = 0): Size {
  const w = Math.max(0, box.width - 2 * frame);
  const h = Math.max(0, box.height - 2 * frame);
  if (screen.width <= 0 || screen.height <= 0 || w === 0 || h === 0) return { width: 0, height: 0 };
  const scale = Math.min(w / screen.width, h / screen.height);
  return { width: Math.floor(screen.width * scale), height: Math.floor(screen.height * scale) };
}
