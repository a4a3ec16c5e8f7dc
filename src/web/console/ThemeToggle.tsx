import { Button } from '../shared/components';
import type { ThemeName } from '../shared/theme';
import './themeToggle.css';

/** A crescent: filled while the dark theme is on, outlined while it is off. */
const Moon = () => (
  <svg class="theme-toggle-moon" width="14" height="14" viewBox="0 0 14 14" aria-hidden="true">
    <path d="M9.5 1.6 A5.6 5.6 0 1 0 12.4 9.6 A4.6 4.6 0 0 1 9.5 1.6 Z" />
  </svg>
);

/** Switches the console between its light and dark themes; pressed while dark. */
export const ThemeToggle = ({
  theme,
  onChoose,
}: {
  theme: ThemeName;
  onChoose: (theme: ThemeName) => void;
}) => (
  <span class="theme-toggle">
    <Button
      size="small"
      variant="ghost"
      aria-pressed={theme === 'dark'}
      onClick={() => onChoose(theme === 'dark' ? 'light' : 'dark')}
    >
      <Moon />
      Dark theme
    </Button>
  </span>
);
