// First: refuses an unsupported Node.js before any native module loads.
import '@veredicto/config/require-node.js';
import { runSupervisor } from './supervisor.js';

await runSupervisor();
