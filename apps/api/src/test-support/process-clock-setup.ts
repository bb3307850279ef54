// Every test file runs with the clock the server sets at start-up (src/server.ts): UTC.
import { useUtcProcessClock } from '../lib/process-clock';

useUtcProcessClock();
