import { render } from 'preact';
import '../shared/styles.css';
import '../shared/components.css';
import { applyTheme } from '../shared/theme';
import { App } from './App';

applyTheme({});
render(<App />, document.getElementById('app')!);
