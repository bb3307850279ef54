import type { CoverageArea } from '@cng/shared';

const count = (n: number) => n.toLocaleString('en');

/** An area's official figure as the census shows it: "83 (2025-07)", "349 (2023-07, disputed)", or "—". */
function officialText(area: CoverageArea): string {
  const o = area.official;
  if (!o) return '—';
  return `${count(o.count)} (${o.asOf}${o.disputed ? ', disputed' : ''})`;
}

/**
 * The census table (`npm run stations:coverage`, docs/coverage.md): one Markdown row per area, known against
 * official with its date and source, the share, the level and the suppliers. Official counts are lower bounds.
 */
export function censusTable(areas: readonly CoverageArea[]): string {
  const rows = areas.map((a) => {
    const name = a.kind === 'city' && a.state ? `${a.name} (${a.state})` : a.name;
    const share = a.share === null ? '—' : `${Math.round(a.share * 100)} %`;
    const cells = [
      name,
      a.kind,
      count(a.known),
      officialText(a),
      share,
      a.level ?? 'no figure',
      a.suppliers.map((s) => s.name).join('; ') || '—',
      a.official?.source ?? '—',
    ];
    return `| ${cells.map((c) => c.replaceAll('|', '/')).join(' | ')} |`;
  });
  return [
    '| area | kind | we know | official (as of) | share | level | suppliers | source of the count |',
    '|---|---|---:|---:|---:|---|---|---|',
    ...rows,
  ].join('\n');
}
