export * from './litter-rules';
