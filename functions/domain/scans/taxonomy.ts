import type { IssueDimension } from '../../../shared/constants';
import type { Check } from '../../../shared/schemas/checks';
import type { Taxonomy } from '../issues/issue-record';

// The taxonomy a check gives its failed rows (spec 1 §3: dimension with key and description,
// subcategory with name, description, priority and automation potential).

export const DIMENSION_DESCRIPTIONS: Record<IssueDimension, string> = {
  completeness: 'Required values are present',
  accuracy: 'Values are correct and valid',
  consistency: 'Values agree across records',
  conformity: 'Values follow the expected format',
  precision: 'Values are within the expected range',
  timeliness: 'Values are current and well-dated',
  referential_integrity: 'References point to existing records',
  other: 'Other data quality concerns',
};

/** undefined for a check without taxonomy: its rows' issue type then follows the check name. */
export function taxonomyOf(check: Pick<Check, 'dimension' | 'subcategory'>): Taxonomy | undefined {
  if (!check.dimension || !check.subcategory) return undefined;
  return {
    dimension: { key: check.dimension, description: DIMENSION_DESCRIPTIONS[check.dimension] },
    subcategory: {
      name: check.subcategory.name,
      description: check.subcategory.description,
      priority: check.subcategory.priority,
      automationPotential: check.subcategory.automationPotential,
    },
  };
}

/** The taxonomy of an imported check: its dimension, with a subcategory naming the tool. */
export function importedTaxonomy(dimension: IssueDimension, tool: string): Taxonomy {
  return {
    dimension: { key: dimension, description: DIMENSION_DESCRIPTIONS[dimension] },
    subcategory: { name: `Imported from ${tool}`, description: `A failed check reported by ${tool}`, priority: 'medium', automationPotential: 0.5 },
  };
}
