import { formatCellValue, isAmountColumn, shortIssueId } from './format-value';
import { bulkCompletedMessage, bulkFailedMessage } from './messages';

describe('cell values', () => {
  it.each([
    ['amount', '1234.5', '$1,234.50'],
    ['price', '-3', '-$3.00'],
    ['annual_revenue', '2500000', '$2,500,000.00'],
    ['amount', 'n/a', 'n/a'],
    ['stage', '1234.5', '1234.5'],
    ['amount', null, null],
  ])('shows %s %s as %s', (column, value, shown) => {
    expect(formatCellValue(column, value)).toBe(shown);
  });

  it('knows amount columns without catching look-alikes', () => {
    expect(isAmountColumn('unit_price')).toBe(true);
    expect(isAmountColumn('amount_usd')).toBe(true);
    expect(isAmountColumn('probability')).toBe(false);
    expect(isAmountColumn('costume')).toBe(false);
  });

  it('shortens an issue id to its last 4 characters, uppercased', () => {
    expect(shortIssueId('01m7zm7q80rqgsygyg74jhz4nt')).toBe('Z4NT');
  });
});

describe('bulk messages (spec 1 §8)', () => {
  it('reports successes and failures', () => {
    expect(bulkCompletedMessage('mute', { resolved: 3, total: 3, failed: 0 })).toBe('Bulk mute completed: 3/3 successful');
    expect(bulkCompletedMessage('unmute', { resolved: 2, total: 3, failed: 1 })).toBe('Bulk unmute completed: 2/3 successful, 1 failed');
  });

  it('falls back to "Unknown error"', () => {
    expect(bulkFailedMessage('resolve', 'nothing useful')).toBe('Failed to perform bulk resolve. Please try again. Error: Unknown error');
    expect(bulkFailedMessage('mute', new Error('boom'))).toBe('Failed to perform bulk mute. Please try again. Error: boom');
  });
});
