import { createRequire } from 'node:module';
import type { Countries } from 'world-countries';

export interface CountryItem {
  numericCode: string;
  phoneCode: string;
  countryName: string;
}

// The package's ESM entry imports JSON without an import attribute; its CommonJS entry loads on
// every Node version the project supports.
const require = createRequire(import.meta.url);

/**
 * Where the package folds an area code into the suffix, the country calling code itself
 * (the Vatican dials through Italy's +39, Svalbard through Norway's +47).
 */
const PHONE_CODE_OVERRIDES: Readonly<Record<string, string>> = { AX: '+358', EH: '+212', SJ: '+47', VA: '+39' };
const TURKIYE = '792';

/**
 * Countries with their ISO 3166-1 numeric code, international calling code and English common
 * name (`world-countries`), sorted by name with Türkiye first (the shop's home country, the one
 * nearly every address uses). Entries without a numeric code (Kosovo) or without a calling code
 * (Antarctica, Heard Island) are left out: an address needs both.
 */
export function loadCountryList(): CountryItem[] {
  const countries = require('world-countries') as Countries;
  const items = countries
    .filter((country) => country.ccn3 !== '' && country.idd.root !== '')
    .map((country) => ({
      numericCode: country.ccn3,
      phoneCode: PHONE_CODE_OVERRIDES[country.cca2] ?? phoneCode(country.idd.root, country.idd.suffixes),
      countryName: country.name.common,
    }));
  const byName = new Intl.Collator('en');
  items.sort((a, b) => byName.compare(a.countryName, b.countryName));
  const home = items.findIndex((item) => item.numericCode === TURKIYE);
  if (home > 0) items.unshift(...items.splice(home, 1));
  return items;
}

/**
 * The country calling code (E.164, at most three digits). The shared numbering plans +1 and +7
 * stand alone: their suffixes are area codes, which the address keeps in its own field
 * (receiverPhoneACode). Otherwise root + first suffix ("+9" + "0" = "+90"; Saint Helena's
 * "+2" + "90" / "47" = "+290").
 */
function phoneCode(root: string, suffixes: readonly string[]): string {
  if (root === '+1' || root === '+7') return root;
  return root + (suffixes[0] ?? '');
}
