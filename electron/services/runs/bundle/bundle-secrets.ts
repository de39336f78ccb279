import type { StoredRunManifest } from '../../../../shared/domain/run-manifest.js';

/** Variables whose names say they hold a credential, whether or not the run named them. */
const SECRET_NAME = /(API_?KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL)/i;
/** Shorter values are too common to be anyone's key (and replacing them would mangle ordinary text). */
const MIN_SECRET_LENGTH = 8;

/**
 * The secrets a bundle must never carry: the value of every variable the run names as a key source (`env:NAME` in
 * its agents, judge and user), and of every variable in the environment whose name says it is a credential. Keys are
 * never written by design; this is the belt to those braces, for a key a model echoed into its reply or a prompt.
 */
export function secretsOf(manifest: StoredRunManifest, env: Record<string, string | undefined>): Map<string, string> {
  const names = new Set<string>();
  const collect = (v: unknown): void => {
    if (typeof v === 'string' && v.startsWith('env:')) names.add(v.slice(4));
    else if (Array.isArray(v)) v.forEach(collect);
    else if (v !== null && typeof v === 'object') Object.values(v).forEach(collect);
  };
  collect(manifest.agents);
  collect(manifest.judge);
  collect(manifest.user);
  for (const name of Object.keys(env)) if (SECRET_NAME.test(name)) names.add(name);
  const out = new Map<string, string>();
  for (const name of [...names].sort()) {
    const value = env[name];
    if (value && value.length >= MIN_SECRET_LENGTH) out.set(value, name);
  }
  return out;
}

/** Replaces every secret's value (raw, or as JSON escapes it) with `[redacted env:NAME]`; counts the replacements. */
export class Redactor {
  private readonly forms: { form: string; name: string }[] = [];
  count = 0;

  constructor(secrets: ReadonlyMap<string, string>) {
    for (const [value, name] of secrets) {
      for (const form of new Set([value, JSON.stringify(value).slice(1, -1)])) this.forms.push({ form, name });
    }
    // The longest first: a key that contains another is replaced whole.
    this.forms.sort((a, b) => b.form.length - a.form.length);
  }

  text(s: string): string {
    let out = s;
    for (const { form, name } of this.forms) {
      if (!out.includes(form)) continue;
      const parts = out.split(form);
      this.count += parts.length - 1;
      out = parts.join(`[redacted env:${name}]`);
    }
    return out;
  }
}
