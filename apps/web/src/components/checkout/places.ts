import { countryName, type COUNTRIES_WITH_REGIONS } from '@parts-shop/shared/checkout';

/**
 * Every ISO 3166-1 alpha-2 country a parcel could be addressed to, so a customer can choose one the shop does not ship
 * to and hear why it is refused, instead of not finding it.
 */
const ALL_COUNTRIES =
  `AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW
BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH
KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX
MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE
SG SH SI SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG
VI VN VU WF WS YE YT ZA ZM ZW`.split(/\s+/);

export type Place = { code: string; name: string };

const byName = (a: Place, b: Place) => a.name.localeCompare(b.name);

/** The countries for the address form's select: those the shop ships to first, then every other one. */
export function countryChoices(shipsTo: readonly string[]): { shipped: Place[]; others: Place[] } {
  const shipped = new Set(shipsTo);
  const place = (code: string): Place => ({ code, name: countryName(code) });
  return {
    shipped: [...shipped].map(place).sort(byName),
    others: ALL_COUNTRIES.filter((code) => !shipped.has(code))
      .map(place)
      .sort(byName),
  };
}

const US_STATES: Record<string, string> = {
  AL: 'Alabama', AK: 'Alaska', AZ: 'Arizona', AR: 'Arkansas', CA: 'California', CO: 'Colorado', CT: 'Connecticut',
  DE: 'Delaware', DC: 'District of Columbia', FL: 'Florida', GA: 'Georgia', HI: 'Hawaii', ID: 'Idaho', IL: 'Illinois',
  IN: 'Indiana', IA: 'Iowa', KS: 'Kansas', KY: 'Kentucky', LA: 'Louisiana', ME: 'Maine', MD: 'Maryland',
  MA: 'Massachusetts', MI: 'Michigan', MN: 'Minnesota', MS: 'Mississippi', MO: 'Missouri', MT: 'Montana',
  NE: 'Nebraska', NV: 'Nevada', NH: 'New Hampshire', NJ: 'New Jersey', NM: 'New Mexico', NY: 'New York',
  NC: 'North Carolina', ND: 'North Dakota', OH: 'Ohio', OK: 'Oklahoma', OR: 'Oregon', PA: 'Pennsylvania',
  RI: 'Rhode Island', SC: 'South Carolina', SD: 'South Dakota', TN: 'Tennessee', TX: 'Texas', UT: 'Utah',
  VT: 'Vermont', VA: 'Virginia', WA: 'Washington', WV: 'West Virginia', WI: 'Wisconsin', WY: 'Wyoming',
}; // prettier-ignore

const CANADIAN_PROVINCES: Record<string, string> = {
  AB: 'Alberta', BC: 'British Columbia', MB: 'Manitoba', NB: 'New Brunswick', NL: 'Newfoundland and Labrador',
  NS: 'Nova Scotia', NT: 'Northwest Territories', NU: 'Nunavut', ON: 'Ontario', PE: 'Prince Edward Island',
  QC: 'Quebec', SK: 'Saskatchewan', YT: 'Yukon',
}; // prettier-ignore

const REGIONS: Record<(typeof COUNTRIES_WITH_REGIONS)[number], Record<string, string>> = {
  US: US_STATES,
  CA: CANADIAN_PROVINCES,
};

/** A country's states or provinces to choose from, or null where the region is typed (or left out). */
export function regionChoices(country: string): Place[] | null {
  const regions = (REGIONS as Record<string, Record<string, string> | undefined>)[country];
  if (!regions) return null;
  return Object.entries(regions)
    .map(([code, name]) => ({ code, name }))
    .sort(byName);
}
