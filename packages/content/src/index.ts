export * from './schemas';
export * from './constants';
export * from './admin-constants';
export * from './site';
export * from './pages';
export * from './data';
export { EDITABLE_FILES as editableFileOptions } from '@cedar/api-contract';
export * from './validate';
