/**
 * Geometry and colours of the 1080x2400 @ 420 dpi phone. Everything is specified in dp/sp and
 * converted by the theme of the frame being drawn, so the settings older adults change reflow
 * the screen the way Android does: font scale (Settings > Display > Font size) scales sp (text
 * and the rows around it), display size (`wm density`) scales dp (everything), dark theme and
 * high-contrast text change the colours.
 */
export const SCREEN_W = 1080;
export const SCREEN_H = 2400;
/** The physical density (`wm density` reports it; an override replaces it while drawing). */
export const DENSITY_DPI = 420;

/** System bars and keyboards, in dp. */
const STATUS_BAR_DP = 24;
const NAV_BAR_DP = 48;
const APP_BAR_DP = 64;
const IME_LATIN_DP = 260;
const IME_ADB_DP = 48;

export const FONT_FAMILY = "'Noto Sans CJK SC', 'Noto Sans', 'DejaVu Sans', sans-serif";

export interface Palette {
  dark: boolean;
  background: string;
  surface: string;
  surfaceVariant: string;
  onSurface: string;
  onSurfaceVariant: string;
  primary: string;
  onPrimary: string;
  outline: string;
  statusBar: string;
  navBar: string;
  scrim: string;
}

export const LIGHT: Palette = {
  dark: false,
  background: '#F8F9FF',
  surface: '#FFFFFF',
  surfaceVariant: '#E1E2EC',
  onSurface: '#1A1B20',
  onSurfaceVariant: '#44474F',
  primary: '#3A5BA9',
  onPrimary: '#FFFFFF',
  outline: '#C4C6D0',
  statusBar: '#F8F9FF',
  navBar: '#F0F0F7',
  scrim: 'rgba(0,0,0,0.32)',
};

export const DARK: Palette = {
  dark: true,
  background: '#111318',
  surface: '#1D2024',
  surfaceVariant: '#44474F',
  onSurface: '#E2E2E9',
  onSurfaceVariant: '#C4C6D0',
  primary: '#B0C6FF',
  onPrimary: '#152E60',
  outline: '#44474F',
  statusBar: '#111318',
  navBar: '#1A1C20',
  scrim: 'rgba(0,0,0,0.6)',
};

export interface Theme {
  palette: Palette;
  fontScale: number;
  densityDpi: number;
  /** Accessibility "High contrast text": text drawn black or white with an outline of the other. */
  highContrastText: boolean;
  /** dp -> px at the current density (display size). */
  dp(dp: number): number;
  /** sp -> px for text, honouring the density and the font scale. */
  sp(sp: number): number;
  statusBarH: number;
  navBarH: number;
  /** The y where the navigation bar starts: the bottom of app windows. */
  navBarTop: number;
  appBarH: number;
  imeH(adb: boolean): number;
}

export interface ThemeSettings {
  dark: boolean;
  fontScale: number;
  /** A forced density (`wm density N`); null or invalid = the physical one. */
  densityDpi?: number | null;
  highContrastText?: boolean;
}

const sane = (v: number | null | undefined, lo: number, hi: number, fallback: number): number =>
  typeof v === 'number' && Number.isFinite(v) && v >= lo && v <= hi ? v : fallback;

export function makeTheme(s: ThemeSettings): Theme {
  const scale = sane(s.fontScale, 0.1, 4, 1);
  const dpi = sane(s.densityDpi, 72, 1000, DENSITY_DPI);
  const density = dpi / 160;
  const dp = (v: number): number => Math.round(v * density);
  const navBarH = dp(NAV_BAR_DP);
  return {
    palette: s.dark ? DARK : LIGHT,
    fontScale: scale,
    densityDpi: dpi,
    highContrastText: s.highContrastText === true,
    dp,
    sp: (v) => Math.round(v * density * scale),
    statusBarH: dp(STATUS_BAR_DP),
    navBarH,
    navBarTop: SCREEN_H - navBarH,
    appBarH: dp(APP_BAR_DP),
    imeH: (adb) => dp(adb ? IME_ADB_DP : IME_LATIN_DP),
  };
}

const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/;

/** Estimated advance width; good enough for wrap-content bounds and ellipsizing. */
export function textWidth(text: string, sizePx: number): number {
  let w = 0;
  for (const ch of text) {
    if (WIDE.test(ch) || (ch.codePointAt(0) ?? 0) > 0xffff) w += 1.0;
    else if (ch === ' ') w += 0.28;
    else if (/[A-Z]/.test(ch)) w += 0.66;
    else if (/[mwMW@%]/.test(ch)) w += 0.85;
    else if (/[il.,:;'|!]/.test(ch)) w += 0.27;
    else w += 0.55;
  }
  return Math.ceil(w * sizePx);
}

/** Greedy word wrap (CJK breaks anywhere), at most `maxLines`; the last line gets an ellipsis. */
export function wrapText(text: string, sizePx: number, maxWidth: number, maxLines: number): string[] {
  const tokens = text.match(/[\u2E80-\uA4CF\uAC00-\uD7A3\uFF00-\uFF60]|\S+\s*|\s+/g) ?? [''];
  const lines: string[] = [];
  let cur = '';
  for (const tok of tokens) {
    if (textWidth(cur + tok.trimEnd(), sizePx) <= maxWidth || cur === '') {
      cur += tok;
      continue;
    }
    lines.push(cur.trimEnd());
    cur = tok.trimStart();
  }
  if (cur.trim() !== '' || lines.length === 0) lines.push(cur.trimEnd());
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = ellipsize(kept[maxLines - 1]! + ' …', sizePx, maxWidth);
    return kept;
  }
  return lines.map((l) => ellipsize(l, sizePx, maxWidth));
}

export function ellipsize(text: string, sizePx: number, maxWidth: number): string {
  if (textWidth(text, sizePx) <= maxWidth) return text;
  let t = text;
  while (t.length > 0 && textWidth(t + '…', sizePx) > maxWidth) t = t.slice(0, -1);
  return t.trimEnd() + '…';
}
