import { escapeForTerminal } from '../lib/unsafe-text';

/**
 * Aligned terminal table lines: the header, a rule, then one line per row (widths in code points). Cells
 * are printed safely: stored text is what strangers sent, and a control character must not reach the terminal.
 */
export function textTableLines(header: string[], cells: string[][]): string[] {
  const rows = cells.map((r) => r.map(escapeForTerminal));
  const widths = header.map((h, i) => Math.max([...h].length, ...rows.map((r) => [...(r[i] ?? '')].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c + ' '.repeat((widths[i] ?? 0) - [...c].length))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)];
}
