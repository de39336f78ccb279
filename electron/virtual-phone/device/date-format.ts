/**
 * Date formatters, made once per locale and options: building an Intl.DateTimeFormat costs far more than
 * formatting with one, and every frame formats the status-bar clock (an explorer draws thousands of frames).
 */
const made = new Map<string, Intl.DateTimeFormat>();

export function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = made.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    made.set(key, f);
  }
  return f;
}
