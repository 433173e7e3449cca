/** NPI check digit: Luhn over the nine digits prefixed with 80840 (CMS's rule). */
export function npiWithCheckDigit(nineDigits: string): string {
  const digits = `80840${nineDigits}`.split('').map(Number);
  let sum = 0;
  for (let i = digits.length - 1, double = true; i >= 0; i -= 1, double = !double) {
    let value = digits[i]!;
    if (double) {
      value *= 2;
      if (value > 9) {
        value -= 9;
      }
    }
    sum += value;
  }
  return `${nineDigits}${(10 - (sum % 10)) % 10}`;
}

export function isValidNpi(npi: string): boolean {
  return /^\d{10}$/.test(npi) && npiWithCheckDigit(npi.slice(0, 9)) === npi;
}
