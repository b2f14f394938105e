export * from './litter-rules';
export * from './kennel-day';
