import { useEffect, useRef, useState } from 'react';
import type { FrameDto } from '../../../../shared/domain/device.js';
import { frameUrl } from '../../platform/api.js';
import { useAppStore } from '../../store/app-store.js';

export interface MirrorState {
  frame: FrameDto | null;
  /** Frames per second actually shown over the last few seconds. */
  fps: number;
  error: string | null;
}

const MIN_INTERVAL_MS = 33; // at most ~30 fps: more only costs the device

function preload(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('frame image failed to load'));
    img.src = url;
  });
}

/**
 * Pulls frames as fast as the device delivers them (one request in flight, each frame
 * preloaded before it is shown, so the picture never flickers) and measures the rate.
 */
export function useMirror(serial: string | null): MirrorState {
  const [state, setState] = useState<MirrorState>({ frame: null, fps: 0, error: null });
  const shownAt = useRef<number[]>([]);
  const captureFrame = useAppStore((s) => s.captureFrame);

  useEffect(() => {
    if (!serial) return;
    let stopped = false;
    const loop = async (): Promise<void> => {
      while (!stopped) {
        const t0 = performance.now();
        try {
          const frame = await captureFrame(serial);
          await preload(frameUrl(frame.frameId));
          if (stopped) return;
          const now = performance.now();
          shownAt.current = [...shownAt.current.filter((t) => now - t < 3000), now];
          const span = (now - shownAt.current[0]!) / 1000;
          const fps = span > 0 ? (shownAt.current.length - 1) / span : 0;
          setState({ frame, fps, error: null });
        } catch (e) {
          setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) }));
          await new Promise((r) => setTimeout(r, 1000)); // a gone device: retry gently
        }
        const wait = MIN_INTERVAL_MS - (performance.now() - t0);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    };
    void loop();
    return () => {
      stopped = true;
    };
  }, [serial, captureFrame]);

  return state;
}
