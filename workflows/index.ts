export { sessionWorkflow } from './session.js';
