/**
 * The one alias table of CNG companies: city gas distributors (who supply the gas and hold the area licence)
 * and fuel retailers (whose brand is on the forecourt). Sources spell them every way: "Igl", "Indraprastha
 * Gas Limited", "IGL CNG station", brand=IGL; "Hp", "HP Petrol Pump", "Hindustan Petroleum". Importers
 * normalise operator and brand through this table, so "IGL" finds every IGL station and names read alike.
 *
 * Aliases are matched as whole words in folded text (lower case, no accents, punctuation as spaces). Short
 * aliases that are also common words or initials of other things ("bp", "ip" outside a brand field) are
 * only trusted in brand and operator fields, never in free names.
 */
export interface Company {
  /** What a driver reads and types: IGL, HPCL, Eni. */
  short: string;
  /** The company's own name. */
  full: string;
  /** `gas`: a city gas distributor (the operator of CNG supply); `retail`: the forecourt brand. */
  kind: 'gas' | 'retail';
  /** Folded word sequences that name it anywhere. */
  aliases: string[];
  /** Folded word sequences that name it only in a brand or operator field. */
  fieldAliases?: string[];
}

export const COMPANIES: readonly Company[] = [
  // City gas distributors in India.
  {
    short: 'IGL',
    full: 'Indraprastha Gas Limited',
    kind: 'gas',
    aliases: ['igl', 'indraprastha gas'],
    // Single words that are also places or common words count only in a brand or operator field.
    fieldAliases: ['indraprastha'],
  },
  {
    short: 'MGL',
    full: 'Mahanagar Gas Limited',
    kind: 'gas',
    aliases: ['mgl', 'mahanagar gas'],
    // "Mahanagar" is also a Lucknow locality, and Hindi for "metropolis".
    fieldAliases: ['mahanagar'],
  },
  {
    short: 'MNGL',
    full: 'Maharashtra Natural Gas Limited',
    kind: 'gas',
    aliases: ['mngl', 'maharashtra natural gas'],
  },
  { short: 'GAIL Gas', full: 'GAIL Gas Limited', kind: 'gas', aliases: ['gail gas', 'gail'] },
  { short: 'Gujarat Gas', full: 'Gujarat Gas Limited', kind: 'gas', aliases: ['gujarat gas', 'ggl'] },
  {
    short: 'Adani Total Gas',
    full: 'Adani Total Gas Limited',
    kind: 'gas',
    aliases: ['adani total gas', 'adani gas', 'adani cng', 'atgl'],
    fieldAliases: ['adani'],
  },
  {
    short: 'Torrent Gas',
    full: 'Torrent Gas Limited',
    kind: 'gas',
    aliases: ['torrent gas'],
    fieldAliases: ['torrent'],
  },
  { short: 'Think Gas', full: 'Think Gas', kind: 'gas', aliases: ['think gas', 'thinkgas'] },
  { short: 'HPOIL', full: 'HPOIL Gas Private Limited', kind: 'gas', aliases: ['hpoil', 'hpoil gas'] },
  {
    short: 'Sabarmati Gas',
    full: 'Sabarmati Gas Limited',
    kind: 'gas',
    aliases: ['sabarmati gas'],
    // "Sabarmati" is also an Ahmedabad area and its river.
    fieldAliases: ['sabarmati'],
  },
  // Fuel retailers in India.
  {
    short: 'HPCL',
    full: 'Hindustan Petroleum Corporation Limited',
    kind: 'retail',
    aliases: ['hpcl', 'hindustan petroleum', 'hp'],
  },
  {
    short: 'Indian Oil',
    full: 'Indian Oil Corporation Limited',
    kind: 'retail',
    aliases: ['indian oil', 'indianoil', 'iocl', 'ioc'],
  },
  {
    short: 'Bharat Petroleum',
    full: 'Bharat Petroleum Corporation Limited',
    kind: 'retail',
    aliases: ['bharat petroleum', 'bpcl'],
  },
  {
    short: 'Jio-bp',
    full: 'Reliance BP Mobility Limited',
    kind: 'retail',
    aliases: ['jio bp', 'jiobp', 'reliance bp', 'reliance'],
  },
  {
    short: 'Nayara',
    full: 'Nayara Energy Limited',
    kind: 'retail',
    aliases: ['nayara', 'nayara energy', 'essar'],
  },
  { short: 'Shell', full: 'Shell', kind: 'retail', aliases: ['shell'] },
  // Italian brands (MIMIT "Bandiera").
  { short: 'Eni', full: 'Eni', kind: 'retail', aliases: ['agip eni', 'agip', 'eni', 'enilive'] },
  {
    short: 'IP',
    full: 'Italiana Petroli',
    kind: 'retail',
    aliases: ['api ip', 'italiana petroli'],
    fieldAliases: ['ip', 'api'],
  },
  { short: 'Q8', full: 'Kuwait Petroleum Italia', kind: 'retail', aliases: ['q8', 'kuwait petroleum'] },
  { short: 'Tamoil', full: 'Tamoil', kind: 'retail', aliases: ['tamoil'] },
  { short: 'Esso', full: 'Esso', kind: 'retail', aliases: ['esso'] },
  { short: 'Beyfin', full: 'Beyfin', kind: 'retail', aliases: ['beyfin'] },
  { short: 'Ego', full: 'Ego', kind: 'retail', aliases: [], fieldAliases: ['ego'] },
  { short: 'Lukoil', full: 'Lukoil', kind: 'retail', aliases: ['lukoil'] },
];

/** Lower case, accents removed, HTML apostrophes decoded, anything but letters and digits a single space. */
export function foldWords(text: string): string {
  return ` ${text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/** One alias of a company, as companyIn looks it up. */
interface AliasEntry {
  company: Company;
  /** The company's place in the table: of two aliases as long, the earlier company's wins. */
  order: number;
  /** The alias between spaces, as it appears in foldWords' text. */
  padded: string;
  length: number;
}

/**
 * Every alias by its first word, in the table's order (company, then alias), for names and for fields:
 * companyIn then looks up each word of the text instead of testing every alias of every company against it
 * (~60 substring tests and as many strings made per call; four calls per imported row).
 */
function aliasesByFirstWord(field: 'name' | 'field'): Map<string, AliasEntry[]> {
  const byWord = new Map<string, AliasEntry[]>();
  COMPANIES.forEach((company, order) => {
    const aliases =
      field === 'field' ? [...company.aliases, ...(company.fieldAliases ?? [])] : company.aliases;
    for (const alias of aliases) {
      const first = alias.split(' ')[0]!;
      const entries = byWord.get(first) ?? [];
      entries.push({ company, order, padded: ` ${alias} `, length: alias.length });
      byWord.set(first, entries);
    }
  });
  return byWord;
}
const ALIASES = { name: aliasesByFirstWord('name'), field: aliasesByFirstWord('field') };

/**
 * The company `text` names (the longest alias wins, so "adani total gas" is not read as "adani"; of two as
 * long, the one earlier in the table).
 */
export function companyIn(text: string | null | undefined, field: 'name' | 'field' = 'name'): Company | null {
  if (!text) return null;
  const folded = foldWords(text);
  const byWord = ALIASES[field];
  let best: AliasEntry | null = null;
  // Each word of the folded text starts after a space; the text ends with one.
  for (let start = 1; start < folded.length; ) {
    const end = folded.indexOf(' ', start);
    const entries = byWord.get(folded.slice(start, end));
    if (entries)
      for (const entry of entries)
        if (
          folded.startsWith(entry.padded, start - 1) &&
          (!best || entry.length > best.length || (entry.length === best.length && entry.order < best.order))
        )
          best = entry;
    start = end + 1;
  }
  return best?.company ?? null;
}

/** The short name of an operator stored in full ("Indraprastha Gas Limited" → "IGL"), or null. */
export function shortOf(text: string | null): string | null {
  return companyIn(text, 'field')?.short ?? null;
}

/**
 * Lower case, accents removed ("Forlì", "FORLI" and "forli" are one term). The API's search and nearest
 * filter and the finder's offline filter all fold with it, so a query finds the same stations online and offline.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/**
 * What the operator filter searches in a station, folded: its operator and brand, and the short names of the
 * companies they name ("Indraprastha Gas Limited" is found by "IGL" too, so an HPCL pump IGL supplies is).
 */
export function operatorSearchText(s: { operator: string | null; brand: string | null }): string {
  return [s.operator, s.brand, shortOf(s.operator), shortOf(s.brand)]
    .filter((part): part is string => Boolean(part))
    .map(filterWords)
    .join('\n');
}

/** Text as the operator filter compares it: folded, trimmed, every run of spaces one space. */
const filterWords = (text: string) => foldText(text.trim()).replace(/\s+/g, ' ');

/** The operator filter's query, as filterWords makes it (matched as a substring of operatorSearchText). */
export function operatorQueryText(query: string): string {
  return filterWords(query);
}

/** True when a station's operatorSearchText holds the folded query (see operatorQueryText). */
export function operatorMatches(searchText: string, foldedQuery: string): boolean {
  return searchText.includes(foldedQuery);
}
