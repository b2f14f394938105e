import type { UseFormReturnType } from '@mantine/form';
import type { LitterFormValues } from './litter-draft';

/** The litter form's state, as its parts (birth, details, photos, puppies) share it. */
export type LitterFormState = UseFormReturnType<LitterFormValues>;

/**
 * A field's props: value, onChange and error. Without the focus handler, which only marks the field
 * touched: nothing here reads that, and in a controlled form each mark renders the whole form again.
 */
export const fieldProps = (
  form: LitterFormState,
  path: Parameters<LitterFormState['getInputProps']>[0],
  options: { type?: 'checkbox'; withError?: boolean } = {},
) => form.getInputProps(path, { ...options, withFocus: false });

/** A Select bound to a text field of the form: '' is no choice. */
export function selectProps(
  form: LitterFormState,
  path: 'sire' | 'dam' | 'dueMonth' | 'status' | `puppies.${number}.${'sex' | 'color' | 'status'}`,
) {
  const { value, ...props } = fieldProps(form, path);
  return {
    ...props,
    value: (value as string) || null,
    onChange: (choice: string | null) => form.setFieldValue(path, choice ?? ''),
  };
}
