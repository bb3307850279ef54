import { spawn } from 'node:child_process';
import { repoRoot } from '../config/env';

/**
 * `npm run stations:import -- …` from the repository root, exactly as the README writes it, as a process of its
 * own with `env` over this one's. `onStdout` sees what the CLI has printed so far, each time it prints more.
 */
export function runImportCli(
  args: string[],
  env: Record<string, string | undefined>,
  onStdout?: (soFar: string) => void,
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', '--silent', 'stations:import', '--', ...args], {
      cwd: repoRoot,
      env: { ...process.env, INIT_CWD: undefined, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => {
      stdout += c;
      onStdout?.(stdout);
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr += c;
    });
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
