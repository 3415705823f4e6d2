import { noInstancesMessage, pickDefaultInstance } from './default-instance';
import { pickDefaultDataset } from './default-dataset';

const dev = { id: 'dev', type: 'development' as const };
const prod = { id: 'prod', type: 'production' as const };
const prod2 = { id: 'prod2', type: 'production' as const };
const bu = { id: 'bu', type: 'business_unit' as const };

describe('pickDefaultInstance', () => {
  it.each([
    ['the saved instance when it is in the list', [dev, prod, bu], 'bu', 'bu'],
    ['the first production instance when the saved one is gone', [dev, prod, prod2], 'deleted', 'prod'],
    ['the first production instance when nothing is saved', [dev, prod], null, 'prod'],
    ['the first instance when none is production', [dev, bu], null, 'dev'],
    ['the first instance when the saved one is gone and none is production', [bu, dev], 'deleted', 'bu'],
    ['nothing for an empty list', [], 'prod', null],
  ])('chooses %s', (_case, instances, saved, expected) => {
    expect(pickDefaultInstance(instances, saved)).toBe(expected);
  });
});

describe('noInstancesMessage', () => {
  it.each([
    [true, 'No instances available. Please contact system administrator.'],
    [false, 'No instances available. Please contact your organization administrator.'],
  ])('for org admin %s says "%s"', (isOrgAdmin, message) => {
    expect(noInstancesMessage(isOrgAdmin)).toBe(message);
  });
});

describe('pickDefaultDataset', () => {
  it.each([
    ['opportunities when present', [{ id: 'leads', name: 'leads' }, { id: 'opportunities', name: 'opportunities' }], 'opportunities'],
    ['the dataset whose id is opportunities over others named so', [{ id: 'fx-1', name: 'opportunities' }, { id: 'opportunities', name: 'opportunities' }], 'opportunities'],
    ['one named opportunities when no id matches', [{ id: 'leads', name: 'leads' }, { id: 'ds-9', name: 'opportunities' }], 'ds-9'],
    ['the first otherwise', [{ id: 'leads', name: 'leads' }, { id: 'customers', name: 'customers' }], 'leads'],
    ['nothing for no datasets', [], null],
  ])('chooses %s', (_case, datasets, expected) => {
    expect(pickDefaultDataset(datasets)).toBe(expected);
  });
});
