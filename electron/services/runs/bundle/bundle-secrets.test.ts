import { describe, expect, it } from 'vitest';
import { parseRunManifest } from '../../../../shared/domain/run-manifest.js';
import { Redactor, secretsOf } from './bundle-secrets.js';

describe('the secrets a run bundle never carries', () => {
  const manifest = parseRunManifest({
    agents: { a: { model: 'm', keySource: 'env:MY_AGENT_VAR' } },
    judge: { model: null },
    user: { mode: 'simulated', keySource: 'env:SIM_VAR' },
  });

  it("takes the variables the run names as key sources and any whose name says credential; not short values, not other variables'", () => {
    const secrets = secretsOf(manifest, {
      MY_AGENT_VAR: 'agent-secret-value',
      SIM_VAR: 'sim-secret-value',
      OPENAI_API_KEY: 'sk-openai-xyz-123',
      GITHUB_TOKEN: 'ghp_0123456789',
      SHORT_TOKEN: 'abc',
      HOME: '/home/someone-long-path',
    });
    expect([...secrets.entries()].sort()).toEqual([
      ['agent-secret-value', 'MY_AGENT_VAR'],
      ['ghp_0123456789', 'GITHUB_TOKEN'],
      ['sim-secret-value', 'SIM_VAR'],
      ['sk-openai-xyz-123', 'OPENAI_API_KEY'],
    ]);
  });

  it('replaces each value, raw or JSON-escaped, and counts the replacements; text without one is left as it is', () => {
    const r = new Redactor(new Map([['key"with\\quote-1234', 'K']]));
    const json = JSON.stringify({ reply: 'my key is key"with\\quote-1234, really' });
    expect(JSON.parse(r.text(json))).toEqual({ reply: 'my key is [redacted env:K], really' });
    expect(r.text('raw key"with\\quote-1234 and key"with\\quote-1234')).toBe('raw [redacted env:K] and [redacted env:K]');
    expect(r.count).toBe(3);
    expect(r.text('nothing here')).toBe('nothing here');
    expect(r.count).toBe(3);
  });
});
