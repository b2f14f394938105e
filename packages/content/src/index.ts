export * from './schemas';
export * from './constants';
export * from './site';
export * from './page-meta';
export * from './data';
export { EDITABLE_FILES as editableFileOptions } from '@cedar/api-contract';
export * from './validate';
