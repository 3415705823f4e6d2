// Moved to functions/domain/demo/random.ts (the demo deploy route uses it too); kept for the benchmarks' imports.
export * from '../../functions/domain/demo/random';
