import { COMPANIES, type Company, companyIn, foldWords, shortOf } from '@cng/shared';

// The alias table, companyIn and foldWords live in @cng/shared (the web app's offline filter uses them too).
export { COMPANIES, type Company, companyIn, foldWords, shortOf };

/** Every alias word, and the words that say "a fuel station" in our sources (English, Italian, Urdu, Bengali). */
const FILLER = new Set(
  [
    ...COMPANIES.flatMap((c) => [...c.aliases, ...(c.fieldAliases ?? [])]).flatMap((a) => a.split(' ')),
    ...'cng lng lpg gas gases station stations petrol pump pumps fuel fuels filling service services outlet outlets retail ro limited ltd pvt private corporation co company center centre the and of auto autogas energy petroleum oil natural distributore stazione impianto metano carburanti'.split(
      ' ',
    ),
    'سی',
    'این',
    'جی',
    'সিএনজি',
  ].filter(Boolean),
);

/**
 * True when a source's name tells a driver nothing about which station it is: only company words and words
 * for "CNG station" ("Hp", "Igl", "CNG Station", "Indraprastha Gas Limited", "Indian Oil Petrol Pump").
 */
export function isGenericName(name: string): boolean {
  const words = foldWords(name).trim().split(' ').filter(Boolean);
  return words.every((w) => FILLER.has(w));
}

/**
 * Brand and operator of a record, normalised: the retailer named in the brand field, else in the name, is the
 * brand (its short form); the gas company named in the operator field, else the source's own company, else
 * one named in the brand or name, is the operator (its full name). What the table does not know stays as the
 * source wrote it.
 */
export function normaliseCompanies(input: {
  name: string;
  brand: string | null;
  operator: string | null;
  /** The company that publishes the source itself (MGL's list: MGL). */
  sourceCompany?: string | null;
}): { brand: string | null; operator: string | null } {
  const brandCo = companyIn(input.brand, 'field');
  const operatorCo = companyIn(input.operator, 'field');
  const sourceCo = companyIn(input.sourceCompany, 'field');
  const nameCo = companyIn(input.name);
  const retail = [brandCo, nameCo].find((c) => c?.kind === 'retail') ?? null;
  const gas = [operatorCo, sourceCo, brandCo, nameCo].find((c) => c?.kind === 'gas') ?? null;
  const brand = retail?.short ?? brandCo?.short ?? (input.brand ? input.brand : (gas?.short ?? null));
  // An operator the source names stays, even one the table does not know; only a missing one is filled in.
  const operator = operatorCo?.full ?? input.operator ?? sourceCo?.full ?? gas?.full ?? null;
  return { brand, operator };
}
