import { ruleInput } from '../../../test-support/rule-input';
import { buildProfile } from '../../profile/build-profile';
import type { SourceRecord } from '../provider';
import { indexProfile } from './profile-index';
import { urlCandidates } from './urls';

// Invented data: a chandlery's product pages (one per row) and its suppliers' sites (repeated).
const rows: SourceRecord[] = Array.from({ length: 200 }, (_, i) => ({
  page: `https://shop.example/p/${1000 + i}`,
  supplier: `https://${['varnholm', 'ostreby', 'kellmark', 'dunsgate'][i % 4]}.example`,
  search: `https://shop.example/s?q=${['rope', 'cleat', 'buoy'][i % 3]}`,
}));
const index = indexProfile(buildProfile(rows));
const propose = (column: string, current: string) => urlCandidates(ruleInput(index, column, current)).map((c) => c.value);

describe('links', () => {
  it('drops what the column\'s links never carry: a trailing slash, a query, a fragment, capitals in the host', () => {
    expect(propose('page', 'https://shop.example/p/1042/')).toEqual(['https://shop.example/p/1042']);
    expect(propose('page', 'https://shop.example/p/1042?ref=mail')).toEqual(['https://shop.example/p/1042']);
    expect(propose('page', 'https://shop.example/p/1042#reviews')).toEqual(['https://shop.example/p/1042']);
    expect(propose('supplier', 'https://Varnholm.example/')).toEqual(['https://varnholm.example']);
  });

  it('keeps what the column\'s links carry, and leaves a link of another form alone', () => {
    expect(propose('search', 'https://shop.example/s?q=rope#top')).toEqual(['https://shop.example/s?q=rope']);
    expect(propose('page', 'https://shop.example/p/1042')).toEqual([]);
    expect(propose('page', 'https://shop.example/c/ropes/')).toEqual([]);
  });
});
