import { runSupervisor } from './supervisor.js';

await runSupervisor();
