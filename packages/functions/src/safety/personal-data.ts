// Personal data a student should not hand to an app: phone numbers (libphonenumber-js, which
// knows every country's numbering plan), e-mail addresses (also written "name (at) mail dot com"),
// street addresses (a house number, up to four name words and a street type) and postcodes (UK
// postcodes; US ZIP codes only after a state abbreviation, since five digits alone are a number).
//
// Trade-offs: a famous address quoted in prose is still an address, and we cannot tell it from a
// student's own, so only a short list of the best-known ones is let through. Numbers that are
// valid phone numbers in the default regions are flagged even in a maths exercise; years, dates,
// prices and short numbers are not (libphonenumber validates length and ranges).
import { findPhoneNumbersInText } from 'libphonenumber-js';
import type { CountryCode } from 'libphonenumber-js';
import { withoutCovered } from './spans.ts';

export interface PersonalDataMatch {
  start: number;
  end: number;
}

/** Regions whose national formats (no +code) are recognised; international numbers always are. */
export const DEFAULT_PHONE_REGIONS: readonly CountryCode[] = ['US', 'GB'];

const AT = String.raw`\s*[([]\s*at\s*[)\]]\s*`;
const DOT = String.raw`\s*(?:\.|[([]\s*dot\s*[)\]])\s*`;
const LOCAL = String.raw`(?<![\w.%+-])[\w.%+-]{1,64}`;
/** name@mail.example.org (no spaces around the dots: "meet @ school. Then" is prose). */
const EMAIL = new RegExp(String.raw`${LOCAL} ?@ ?[a-z0-9-]{1,63}(?:\.[a-z0-9-]{1,63}){0,3}\.[a-z]{2,24}(?![\w-])`, 'giu');
const BRACKETED_AT = /[([]\s*at\s*[)\]]/i;
const SPELT_DOT = /\sdot\s/i;
/** name (at) mail (dot) org, name [at] mail.org */
const BRACKETED_EMAIL = new RegExp(String.raw`${LOCAL}${AT}[a-z0-9-]{1,63}(?:${DOT}[a-z0-9-]{1,63}){0,3}${DOT}[a-z]{2,24}(?![\w-])`, 'giu');
/** "name at gmail dot com": the spelt-out form needs a known mail domain, or prose would match. */
const SPELT_EMAIL = new RegExp(
  String.raw`${LOCAL}\s+at\s+(?:gmail|googlemail|yahoo|hotmail|outlook|live|icloud|aol|proton|protonmail|gmx)\s+dot\s+(?:com|net|org|co\s+dot\s+uk|de|fr)(?![\w-])`,
  'giu',
);

// Full street types anywhere; abbreviations ("St", "Dr") only at the end of the address (a comma, a
// full stop, the end of the line), so "3 patients saw Dr Smith" and "we visited St Paul's" stay clean.
const STREET_WORDS = 'street|avenue|road|boulevard|lane|drive|court|way|place|terrace|close|crescent|parkway|circle|highway|square|grove|gardens|row|mews';
const STREET_ABBREVIATIONS = 'st|ave|rd|blvd|ln|dr|ct|pl|pkwy|cir|hwy|sq';
const ADDRESS = new RegExp(
  String.raw`(?<![\w.,])(\d{1,5}[a-z]?),?\s+((?:[\p{L}'’.-]+\s+){1,4}?)(?:(?:${STREET_WORDS})\b|(?:${STREET_ABBREVIATIONS})\b\.?(?=\s*(?:[,.;:!?)]|$)))`,
  'gimu',
);
/** Words that mean the number was a distance or a count, not a house number. */
const NOT_A_STREET_NAME = new Set(
  'the a an of in on at to down up along across over into onto from by and or my your his her their our this that these those miles mile km kilometres kilometers metres meters yards feet blocks block minutes hours steps times more other different'.split(
    ' ',
  ),
);
/** Addresses every pupil meets in history or literature; other addresses are flagged. */
const FAMOUS_ADDRESSES = ['1600 pennsylvania avenue', '10 downing street', '221b baker street', '4 privet drive', '742 evergreen terrace', '12 grimmauld place'];

const UK_POSTCODE = /(?<![\p{L}\p{N}])(?:GIR ?0AA|[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2})(?![\p{L}\p{N}])/gu;
const US_STATE_ZIP =
  /(?<![\p{L}\p{N}])(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY),?\s+\d{5}(?:-\d{4})?(?![\p{L}\p{N}])/gu;

function phoneNumbers(text: string, regions: readonly CountryCode[]): PersonalDataMatch[] {
  // Cheap exit: a phone number has at least seven digits.
  if (!/(?:\d\D{0,3}){7}/.test(text)) return [];
  const found: PersonalDataMatch[] = [];
  for (const defaultCountry of regions) {
    for (const number of findPhoneNumbersInText(text, { defaultCountry })) {
      found.push({ start: number.startsAt, end: number.endsAt });
    }
  }
  return found;
}

function addresses(text: string): PersonalDataMatch[] {
  const found: PersonalDataMatch[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    const words = (match[2] ?? '').trim().toLowerCase().split(/\s+/);
    if (words.some((word) => NOT_A_STREET_NAME.has(word) || !/\p{L}/u.test(word))) continue;
    const written = match[0].toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '');
    if (FAMOUS_ADDRESSES.includes(written)) continue;
    found.push({ start: match.index, end: match.index + match[0].length });
  }
  return found;
}

function all(text: string, pattern: RegExp): PersonalDataMatch[] {
  return Array.from(text.matchAll(pattern), (match) => ({ start: match.index, end: match.index + match[0].length }));
}

/** Every piece of personal data in `text` (already normalised), in text order. */
export const PERSONAL_DATA_RULES = { EMAIL, ADDRESS, UK_POSTCODE, US_STATE_ZIP };

export function findPersonalData(text: string, regions: readonly CountryCode[] = DEFAULT_PHONE_REGIONS): PersonalDataMatch[] {
  const found = [
    ...phoneNumbers(text, regions),
    // Each e-mail form only when its mark is there: the local part's scan is the costly step.
    ...(text.includes('@') ? all(text, EMAIL) : []),
    ...(BRACKETED_AT.test(text) ? all(text, BRACKETED_EMAIL) : []),
    ...(SPELT_DOT.test(text) ? all(text, SPELT_EMAIL) : []),
    ...addresses(text),
    ...all(text, UK_POSTCODE),
    ...all(text, US_STATE_ZIP),
  ].sort((a, b) => a.start - b.start || b.end - a.end);
  return withoutCovered(found);
}
