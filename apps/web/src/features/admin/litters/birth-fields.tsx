import { SegmentedControl, Select, Stack, Group, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { MONTH_NAMES } from '@cedar/litter-logic';
import { fieldProps, selectProps, type LitterFormState } from './form-state';

/** Born on a date, or due in a month: the two ways a litter's birth is given. */
export function BirthFields({ form }: { form: LitterFormState }) {
  const headingId = useId();
  return (
    <Stack gap={6}>
      <Text component="span" size="sm" fw={500} id={`${headingId}-born`}>
        Birth
      </Text>
      <SegmentedControl
        aria-labelledby={`${headingId}-born`}
        data={[
          { value: 'born', label: 'Born on' },
          { value: 'due', label: 'Due in' },
        ]}
        {...fieldProps(form, 'born', { withError: false })}
        w="fit-content"
      />
      {form.values.born === 'born' ? (
        <TextInput
          label="Birth date"
          type="date"
          {...fieldProps(form, 'birthDate')}
          required
          maw={240}
        />
      ) : (
        <Group align="flex-start">
          <Select
            label="Due month"
            data={[...MONTH_NAMES]}
            {...selectProps(form, 'dueMonth')}
            required
            w={180}
          />
          <TextInput
            label="Due year"
            inputMode="numeric"
            {...fieldProps(form, 'dueYear')}
            required
            w={120}
          />
        </Group>
      )}
    </Stack>
  );
}
