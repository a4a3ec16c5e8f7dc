import { render } from 'preact';
import '../shared/styles.css';
import '../shared/components.css';
import { applyTheme } from '../shared/theme';
import { App } from './App';

// The console follows the operator's system setting; the portal follows the platform's choice.
applyTheme({ theme: window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light' });
render(<App />, document.getElementById('app')!);
