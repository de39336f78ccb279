import { Worker } from 'node:worker_threads';
import type { VirtualPhoneServer } from '../../virtual-phone/index.js';
import { startVirtualPhoneServer } from '../../virtual-phone/index.js';

/**
 * The virtual phone the sample set is recorded on (`demo`) and probed on (`graph probe`): the same
 * locale, seed and frozen clock, so a demonstration's screens come back exactly when it is played again.
 */
export const SAMPLE_PHONE = { locale: 'zh' as const, seed: 11, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) };

export function startSamplePhones(count: number, locale: 'zh' | 'en' = SAMPLE_PHONE.locale): Promise<VirtualPhoneServer> {
  return startVirtualPhoneServer({ port: 0, count, ...SAMPLE_PHONE, locale });
}

/** Sample phones each served from a thread of its own: where each one is reached, and how to stop them all. */
export interface PhonesApart {
  phones: { port: number; serial: string }[];
  close(): Promise<void>;
}

/**
 * Starts `count` sample phones, each with its ADB server in a worker thread, so drawing screens and
 * answering ADB run beside the code that drives them (the phone is half the work of exploring an app).
 * In the built backend the worker is its own bundle beside this one (dist/backend/phone-worker.js); run from the
 * sources it loads them through tsx, as the CLI does then.
 */
export async function startSamplePhonesApart(count: number): Promise<PhonesApart> {
  const workerData = { port: 0, count: 1, ...SAMPLE_PHONE };
  const start = (): Worker => {
    if (import.meta.url.endsWith('.js')) return new Worker(new URL('./phone-worker.js', import.meta.url), { workerData });
    const script = new URL('./phone-worker.ts', import.meta.url).href;
    const tsx = import.meta.resolve('tsx/esm/api');
    const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(script)}); });`;
    return new Worker(boot, { eval: true, workerData });
  };
  const workers: Worker[] = [];
  const close = async (): Promise<void> => {
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((done) => {
            w.once('exit', () => done());
            w.postMessage('close');
            // A worker that does not end on its own within a few seconds is stopped.
            setTimeout(() => void w.terminate(), 5000).unref();
          }),
      ),
    );
  };
  try {
    const phones = await Promise.all(
      Array.from({ length: count }, async () => {
        const w = start();
        workers.push(w);
        const m = await new Promise<{ port: number; serials: string[] }>((ok, fail) => {
          w.once('message', ok);
          w.once('error', fail);
          w.once('exit', (code) => fail(new Error(`the phone's thread ended (exit code ${code}) before its server was up`)));
        });
        return { port: m.port, serial: m.serials[0]! };
      }),
    );
    return { phones, close };
  } catch (e) {
    await close();
    throw e;
  }
}
