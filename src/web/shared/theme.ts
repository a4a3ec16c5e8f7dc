const HEX = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** The full #rrggbb of a 3- or 6-digit hex colour, or undefined when it is not one. */
export const hexColor = (raw: string | null): string | undefined => {
  const match = raw ? HEX.exec(raw.trim()) : null;
  if (!match) return undefined;
  const digits = match[1]!;
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  return `#${full.toLowerCase()}`;
};

/** Black or white, whichever reads better on the colour (WCAG relative luminance). */
const textOn = (hex: string): string => {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return luminance > 0.179 ? '#101828' : '#ffffff';
};

export type ThemeName = 'light' | 'dark';

export type Theme = { primaryColor?: string; theme?: ThemeName };

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The theme the reader's system asks for. */
export const systemTheme = (): ThemeName =>
  window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';

/** Calls `changed` each time the system's theme changes; returns what stops it. */
export const onSystemTheme = (changed: (theme: ThemeName) => void): (() => void) => {
  const query = window.matchMedia(DARK_QUERY);
  const listener = () => changed(query.matches ? 'dark' : 'light');
  query.addEventListener('change', listener);
  return () => query.removeEventListener('change', listener);
};

/** The theme a page is asked for: `?primary_color=0f766e&theme=dark`; bad values are ignored. */
export const themeFromQuery = (search: string): Theme => {
  const query = new URLSearchParams(search);
  const primaryColor = hexColor(query.get('primary_color'));
  const theme = query.get('theme');
  return {
    ...(primaryColor && { primaryColor }),
    ...((theme === 'light' || theme === 'dark') && { theme }),
  };
};

/** Sets the theme's variables on <html>, through the CSS object model (allowed by the CSP). */
export const applyTheme = ({ primaryColor, theme }: Theme): void => {
  const root = document.documentElement;
  if (primaryColor) {
    root.style.setProperty('--primary', primaryColor);
    root.style.setProperty('--on-primary', textOn(primaryColor));
  }
  root.dataset.theme = theme ?? 'light';
};
