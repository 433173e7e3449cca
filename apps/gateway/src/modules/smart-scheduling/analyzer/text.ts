/**
 * Text clean-up shared by the detectors: patients type fast, on phones, sometimes half in
 * Spanish, so every detector reads a lower-cased text with common slips already repaired.
 */

/** Phrases replaced before word-level fixes; Spanish first so "mañana" is not split. */
const PHRASES: Array<[RegExp, string]> = [
  [/\bma[nñ]ana por la ma[nñ]ana\b/g, 'tomorrow morning'],
  [/\bpor la ma[nñ]ana\b/g, 'in the morning'],
  [/\bpor la tarde\b/g, 'in the afternoon'],
  [/\bpor la noche\b/g, 'in the evening'],
  [/\b(?:la pr[oó]xima semana|la semana que viene)\b/g, 'next week'],
  [/\bma[nñ]ana\b/g, 'tomorrow'],
  [/\bday after tmrw\b/g, 'day after tomorrow'],
  [/\bcheck[- ]up\b/g, 'checkup'],
  [/\bfollow[- ]?up\b/g, 'follow-up'],
  [/\bob[- /]?gyn\b/g, 'ob/gyn'],
];

/** Word-level slips, abbreviations and Spanish words seen in patient messages. */
const WORDS: Record<string, string> = {
  tommorow: 'tomorrow',
  tomorow: 'tomorrow',
  tommorrow: 'tomorrow',
  tmrw: 'tomorrow',
  tmr: 'tomorrow',
  tmrow: 'tomorrow',
  '2morrow': 'tomorrow',
  tdy: 'today',
  hoy: 'today',
  nxt: 'next',
  wk: 'week',
  wks: 'weeks',
  appt: 'appointment',
  appts: 'appointments',
  apt: 'appointment',
  mon: 'monday',
  tue: 'tuesday',
  tues: 'tuesday',
  wed: 'wednesday',
  weds: 'wednesday',
  thu: 'thursday',
  thur: 'thursday',
  thurs: 'thursday',
  fri: 'friday',
  u: 'you',
  ur: 'your',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  b4: 'before',
  ned: 'need',
  chek: 'check',
  dont: "don't",
  cant: "can't",
  wont: "won't",
  im: "i'm",
  ive: "i've",
  thats: "that's",
  doesnt: "doesn't",
  isnt: "isn't",
  hes: "he's",
  shes: "she's",
  excema: 'eczema',
  exzema: 'eczema',
  ecsema: 'eczema',
  hijo: 'son',
  hija: 'daughter',
  niño: 'child',
  niña: 'child',
  nino: 'child',
  nina: 'child',
  bebé: 'baby',
  fiebre: 'fever',
  tos: 'cough',
  dolor: 'pain',
  cita: 'appointment',
  estómago: 'stomach',
  estomago: 'stomach',
  cabeza: 'head',
  garganta: 'throat',
  pecho: 'chest',
  espalda: 'back',
  rodilla: 'knee',
  piel: 'skin',
  embarazada: 'pregnant',
  duele: 'hurts',
  mucho: 'a lot',
  necesito: 'i need',
  para: 'for',
  mi: 'my',
  una: 'a',
  y: 'and',
  cancelar: 'cancel',
  cambiar: 'change',
};

/**
 * Long words worth repairing by spelling distance ("dermotologist", "thrusday"). Only words
 * of seven letters or more, so short real words ("cancer", "cancel") are never confused.
 */
const KEYWORDS = [
  'tomorrow',
  'dermatologist',
  'dermatology',
  'cardiologist',
  'cardiology',
  'neurologist',
  'neurology',
  'gastroenterologist',
  'gastroenterology',
  'endocrinologist',
  'endocrinology',
  'orthopedic',
  'orthopedics',
  'orthopedist',
  'pediatrician',
  'pediatrics',
  'gynecologist',
  'appointment',
  'reschedule',
  'thursday',
  'wednesday',
  'tuesday',
  'saturday',
  'physical',
  'colonoscopy',
  'migraine',
  'migraines',
  'psoriasis',
  'diabetes',
  'thyroid',
  'headache',
  'headaches',
  'stomach',
  'pregnant',
  'prenatal',
  'checkup',
  'afternoon',
  'morning',
  'evening',
  'insurance',
];

/** Optimal-string-alignment distance: edits plus swapped neighbours, the usual typing slips. */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i += 1) {
    for (let j = 1; j < cols; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

function repairWord(token: string): string {
  // "tmrw's appt": repair the word, keep the possessive.
  const possessive = token.endsWith("'s") && token.length > 3 ? "'s" : '';
  const word = possessive ? token.slice(0, -2) : token;
  return repairBareWord(word) + possessive;
}

function repairBareWord(word: string): string {
  const known = WORDS[word];
  if (known !== undefined) {
    return known;
  }
  // Inflections of a keyword ("saturdays", "headaches") are real words, not slips.
  const stem = word.replace(/(?:es|s|ed|ing)$/, '');
  if (word.length < 7 || KEYWORDS.includes(word) || KEYWORDS.includes(stem)) {
    return word;
  }
  const allowed = word.length >= 10 ? 2 : 1;
  for (const keyword of KEYWORDS) {
    if (
      Math.abs(keyword.length - word.length) <= allowed &&
      editDistance(word, keyword) <= allowed
    ) {
      return keyword;
    }
  }
  return word;
}

/** Lower-cased, typographic quotes straightened, common slips and Spanish words repaired. */
export function normalizeText(text: string): string {
  let result = text
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, ' - ')
    .replace(/\s+/g, ' ')
    .trim();
  for (const [pattern, replacement] of PHRASES) {
    result = result.replace(pattern, replacement);
  }
  return result.replace(/[a-z0-9ñéíóúá']+/g, (word) => repairWord(word));
}

// A full stop ends a clause, but not the one in "Dr. Kim" or "103.5".
const CLAUSE_BREAK =
  /(?<!\b(?:dr|mr|mrs|ms|st|jr))\.(?!\d)|[!?;,\n]| - |\b(?:but|and|so|because)\b/g;

/** Where the clause (between punctuation or conjunctions) holding `index` starts and ends. */
export function clauseRange(text: string, index: number): [start: number, end: number] {
  let start = 0;
  let end = text.length;
  for (const match of text.matchAll(CLAUSE_BREAK)) {
    if (match.index + match[0].length <= index) {
      start = match.index + match[0].length;
    } else if (match.index >= index) {
      end = match.index;
      break;
    }
  }
  return [start, end];
}

/** The clause that holds the text at `index`. */
export function clauseAt(text: string, index: number): string {
  const [start, end] = clauseRange(text, index);
  return text.slice(start, end);
}

/**
 * Whether a clause tells what already happened ("I twisted my knee Saturday", "she was born in
 * May"): its dates and times say when symptoms began, not when the patient wants to come.
 */
export function isPastClause(clause: string): boolean {
  const withoutWishes = clause.replace(/\b(?:was|were|had) (?:hoping|wondering|thinking)\b/g, '');
  return /\b(?:since|ago|last|yesterday|was|were|had|did|started|began|happened|born|twisted|fell|injured|broke|went|noticed|diagnosed|sprained|hurt it|got hurt)\b/.test(
    withoutWishes,
  );
}

/** Whether the few words before `index` negate what follows ("no fever", "not bleeding"). */
export function isNegatedAt(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 30), index);
  return /\b(?:no|not|nothing|never|without|denies|don't have|doesn't have|isn't|aren't)\s+(?:\S+\s+)?$/.test(
    before,
  );
}

/** A reply that accepts what the assistant just proposed ("yes please", "sure, that works"). */
export function isAffirmation(text: string): boolean {
  return /^(?:yes|yeah|yea|yep|yup|sure|ok|okay|sounds good|that works|that's fine|perfect|correct|right|absolutely|definitely|please do|s[ií])\b/.test(
    text,
  );
}

/** The matched words and up to `extra` words after them, for quoting in the reasoning. */
export function phraseAt(text: string, index: number, length: number, extra = 2): string {
  const rest = text.slice(index + length).match(new RegExp(`^(?:\\s+[\\w'-]+){0,${extra}}`));
  return (text.slice(index, index + length) + (rest?.[0] ?? '')).trim();
}
