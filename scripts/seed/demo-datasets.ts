// Moved to functions/domain/demo/datasets.ts (the demo deploy route uses it too).
export * from '../../functions/domain/demo/datasets';
