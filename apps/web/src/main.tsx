import { bootShell } from './boot-shell';

const container = document.getElementById('root');
if (container === null) throw new Error('index.html has no <div id="root">.');
bootShell(container);
