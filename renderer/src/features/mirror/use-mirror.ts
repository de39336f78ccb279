import { useEffect, useRef, useState } from 'react';
import type { MirrorFrameDto, MirrorStatusDto } from '../../../../shared/domain/device.js';
import { frameUrl } from '../../platform/api.js';
import { useAppStore } from '../../store/app-store.js';

export interface MirrorState {
  frame: MirrorFrameDto | null;
  /** Frames per second actually shown over the last few seconds. */
  fps: number;
  /** Which path the frames come by, and why it is the slow one (null on the fast path). */
  status: MirrorStatusDto | null;
  error: string | null;
}

function preload(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.onload = () => resolve();
    img.onerror = () => reject(new Error('frame image failed to load'));
    img.src = url;
  });
}

/**
 * Shows a phone's frames as the backend pushes them: the newest one each time (one image loading
 * at a time, each loaded before it is shown, so the picture never flickers and a slow window skips
 * frames instead of falling behind), and measures the rate actually shown.
 */
export function useMirror(serial: string | null): MirrorState {
  const [state, setState] = useState<MirrorState>({ frame: null, fps: 0, status: null, error: null });
  const shownAt = useRef<number[]>([]);
  const watchMirror = useAppStore((s) => s.watchMirror);

  useEffect(() => {
    if (!serial) return;
    let stopped = false;
    let loading = false;
    let pending: MirrorFrameDto | null = null;
    const show = async (frame: MirrorFrameDto): Promise<void> => {
      loading = true;
      try {
        await preload(frameUrl(frame.frameId));
        if (stopped) return;
        const now = performance.now();
        shownAt.current = [...shownAt.current.filter((t) => now - t < 3000), now];
        const span = (now - shownAt.current[0]!) / 1000;
        const fps = span > 0 ? (shownAt.current.length - 1) / span : 0;
        setState((s) => ({ ...s, frame, fps, error: null }));
      } catch (e) {
        if (!stopped) setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) }));
      } finally {
        loading = false;
      }
      const next = pending;
      pending = null;
      if (next && !stopped) void show(next);
    };
    const stop = watchMirror(
      serial,
      (frame) => {
        if (loading) pending = frame;
        else void show(frame);
      },
      (status) => !stopped && setState((s) => ({ ...s, status, error: status.path === null ? status.reason : null })),
    );
    return () => {
      stopped = true;
      stop();
      shownAt.current = [];
    };
  }, [serial, watchMirror]);

  return state;
}
