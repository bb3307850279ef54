/** Aligned terminal table lines: the header, a rule, then one line per row (widths in code points). */
export function textTableLines(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max([...h].length, ...rows.map((r) => [...(r[i] ?? '')].length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c + ' '.repeat((widths[i] ?? 0) - [...c].length))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '─'.repeat(w)).join('  '), ...rows.map(line)];
}
