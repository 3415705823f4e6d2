import { mulberry32 } from '../../scripts/seed/random';

// An invented ship chandler's ledger: each line sells a quantity of rope at a price per coil; the
// amount is quantity times price, the levy a few coins, the due amount the two added, and the
// coil share the line's coils over the day's coils, to four decimals.
export interface LedgerLine extends Record<string, string> {
  line: string;
  quantity: string;
  price: string;
  amount: string;
  levy: string;
  due: string;
  dayCoils: string;
  share: string;
  berth: string;
}

export function ledger(lines = 300, seed = 5): LedgerLine[] {
  const random = mulberry32(seed);
  const rows: LedgerLine[] = [];
  for (let i = 0; i < lines; i++) {
    const quantity = 2 + Math.floor(random() * 40);
    const cents = 150 + Math.floor(random() * 4000);
    const amount = quantity * cents;
    const levy = 10 + Math.floor(random() * 300);
    const dayCoils = quantity + 20 + Math.floor(random() * 200);
    rows.push({
      line: `L-${1000 + i}`,
      quantity: String(quantity),
      price: (cents / 100).toFixed(2),
      amount: (amount / 100).toFixed(2),
      levy: (levy / 100).toFixed(2),
      due: ((amount + levy) / 100).toFixed(2),
      dayCoils: String(dayCoils),
      share: (quantity / dayCoils).toFixed(4),
      berth: String(1 + Math.floor(random() * 30)),
    });
  }
  return rows;
}
