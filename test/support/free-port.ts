export { freePort } from '../../bench/free-port.js';
