// Barcodes (GTIN: EAN-8, UPC-A, EAN-13, GTIN-14) carry a check digit: weights 3 and 1 from the
// right, the sum a multiple of ten (GS1).

const LENGTHS = new Set([8, 12, 13, 14]);

/** The value is a barcode of a GTIN length whose check digit is right. */
export function validGtin(value: string): boolean {
  if (!LENGTHS.has(value.length) || !/^\d+$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < value.length; i++) sum += Number(value[value.length - 1 - i]) * (i % 2 === 1 ? 3 : 1);
  return sum % 10 === 0;
}
