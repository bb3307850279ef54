// Every test file runs with the clock the server sets at start-up (src/server.ts): UTC.
import { useUtcProcessClock } from '../../src/lib/process-clock';

useUtcProcessClock();
