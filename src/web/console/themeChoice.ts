import { useEffect, useState } from 'preact/hooks';
import type { ThemeName } from '../shared/theme';
import { applyTheme, onSystemTheme, systemTheme } from '../shared/theme';

/** Where the operator's choice of theme is kept: on this browser, for every tab and visit. */
const CHOICE = 'sluice.console.theme';

/** The theme the operator chose on this browser, if any (storage may be refused). */
const chosenTheme = (): ThemeName | undefined => {
  try {
    const chosen = localStorage.getItem(CHOICE);
    return chosen === 'light' || chosen === 'dark' ? chosen : undefined;
  } catch {
    return undefined;
  }
};

const keep = (theme: ThemeName) => {
  try {
    localStorage.setItem(CHOICE, theme);
  } catch {
    // Storage refused: the choice holds for this page only.
  }
};

/** The console's theme now: the operator's choice, or else the system's. */
export const consoleTheme = (): ThemeName => chosenTheme() ?? systemTheme();

/**
 * The console's theme, applied to the page: it follows the system's setting as it changes until
 * the operator chooses one, which is kept on this browser (and followed by its other tabs).
 */
export const useConsoleTheme = (): [ThemeName, (theme: ThemeName) => void] => {
  const [theme, setTheme] = useState(consoleTheme);
  useEffect(() => applyTheme({ theme }), [theme]);
  useEffect(() => onSystemTheme(() => setTheme(consoleTheme())), []);
  useEffect(() => {
    const changed = (event: StorageEvent) => {
      if (event.key === CHOICE) setTheme(consoleTheme());
    };
    window.addEventListener('storage', changed);
    return () => window.removeEventListener('storage', changed);
  }, []);
  const choose = (chosen: ThemeName) => {
    keep(chosen);
    setTheme(chosen);
  };
  return [theme, choose];
};
