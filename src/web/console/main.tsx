import { render } from 'preact';
import '../shared/styles.css';
import '../shared/components.css';
import { applyTheme } from '../shared/theme';
import { App } from './App';
import { consoleTheme } from './themeChoice';

// The console follows the operator's choice or system setting; the portal, the platform's choice.
// Applied before the first render, so the page never shows in the other theme first.
applyTheme({ theme: consoleTheme() });
render(<App />, document.getElementById('app')!);
