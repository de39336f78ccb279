import type { VirtualPhoneServer } from '../virtual-phone/index.js';
import { startVirtualPhoneServer } from '../virtual-phone/index.js';

/**
 * The virtual phone the sample set is recorded on (`demo`) and probed on (`graph probe`): the same
 * locale, seed and frozen clock, so a demonstration's screens come back exactly when it is played again.
 */
export const SAMPLE_PHONE = { locale: 'zh' as const, seed: 11, frozenClockMs: Date.UTC(2026, 10, 30, 1, 30) };

export function startSamplePhones(count: number, locale: 'zh' | 'en' = SAMPLE_PHONE.locale): Promise<VirtualPhoneServer> {
  return startVirtualPhoneServer({ port: 0, count, ...SAMPLE_PHONE, locale });
}
