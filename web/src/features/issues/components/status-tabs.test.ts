import { tabAfterKey } from './status-tabs';

describe('keyboard moves between the status tabs', () => {
  it.each([
    ['ArrowRight', 0, 1],
    ['ArrowRight', 2, 0],
    ['ArrowLeft', 0, 2],
    ['ArrowLeft', 2, 1],
    ['Home', 2, 0],
    ['End', 0, 2],
    ['Enter', 1, undefined],
    ['ArrowDown', 1, undefined],
  ] as const)('%s from tab %i goes to %s', (key, from, to) => {
    expect(tabAfterKey(key, from, 3)).toBe(to);
  });
});
