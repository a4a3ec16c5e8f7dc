import { render } from 'preact';
import '../shared/styles.css';
import '../shared/components.css';
import { applyTheme, themeFromQuery } from '../shared/theme';
import { App } from './App';

applyTheme(themeFromQuery(window.location.search));
render(<App />, document.getElementById('app')!);
