import { buildProfile } from '../../profile/build-profile';
import { columnOf } from '../../profile/profile';
import { dependencyNoise, percentReading } from './profile-index';

// Invented shares of a harbour's cargo by shipper: they span five orders of magnitude, and some
// rows write their share with a percent sign.
function shares(signed: (i: number) => boolean, scale: (i: number) => number = () => 1) {
  const rows = Array.from({ length: 200 }, (_, i) => {
    const share = 10 ** (-6 + (((i * 37) % 200) / 200) * 5);
    const text = String(Number(share.toPrecision(4)));
    return { id: `r${i}`, share: signed(i) ? `${Number((share * scale(i)).toPrecision(4))}%` : text };
  });
  return columnOf(buildProfile(rows), 'share')!;
}

describe('how a column reads a percent sign', () => {
  it('reads it as decoration when the signed numbers sit nearer the scale of the plain ones than a hundred times it', () => {
    // Ten signed rows drawn from the same spread as the others: their median is off by a few times
    // (a small sample of a wide column), nowhere near a hundredfold.
    const few = shares((i) => i % 20 === 3, () => 6);
    expect(percentReading(few)).toBe('as-written');
    expect(percentReading(shares((i) => i % 20 === 3))).toBe('as-written');
  });

  it('reads it as a share of 100 when the signed numbers are about a hundred times the plain ones', () => {
    expect(percentReading(shares((i) => i % 20 === 3, () => 100))).toBe('standard');
    expect(percentReading(shares((i) => i % 20 === 3, () => 30))).toBe('standard');
  });

  it('reads it the standard way when the column shows no convention of its own', () => {
    expect(percentReading(shares(() => false))).toBe('standard');
  });
});

// Invented parcels: a depot code fixes its town; `broken` of every hundred rows write another town.
function parcels(broken: number) {
  const towns = ['Aldwick', 'Brenton', 'Carrow', 'Dunmere', 'Elsworth', 'Farleigh'];
  return Array.from({ length: 600 }, (_, i) => {
    const depot = i % 30;
    const town = i % 100 < broken ? towns[(depot + 1 + (i % 5)) % 6]! : towns[depot % 6]!;
    return { parcel: `P${1000 + i}`, depot: `D${String(depot).padStart(2, '0')}`, town, weight: String((i * 7) % 23) };
  });
}

describe('how noisy a table looks', () => {
  it('grows with the share of rows that break its strongest relation, from the usual few in a hundred', () => {
    const usual = dependencyNoise(buildProfile(parcels(5)));
    const noisy = dependencyNoise(buildProfile(parcels(20)));
    expect(Math.abs(usual)).toBeLessThan(0.02);
    expect(noisy).toBeGreaterThan(0.1);
    expect(noisy).toBeLessThan(0.2);
  });

  it('assumes the usual when the table has no relation to read it from', () => {
    const rows = Array.from({ length: 200 }, (_, i) => ({ id: `r${i}`, reading: String((i * 37) % 101) }));
    expect(dependencyNoise(buildProfile(rows))).toBe(0);
  });
});
