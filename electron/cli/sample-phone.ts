// The sample phone lives with the services (graph exploration starts its own); the CLI's commands import it from here.
export { SAMPLE_PHONE, startSamplePhones } from '../services/devices/sample-phones.js';
