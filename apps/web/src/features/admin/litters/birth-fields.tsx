import { SegmentedControl, Select, Stack, Group, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { MONTH_NAMES } from '@cedar/litter-logic';
import type { FieldErrors, LitterFormValues } from './litter-draft';

interface BirthFieldsProps {
  values: LitterFormValues;
  errors: FieldErrors;
  set: <K extends keyof LitterFormValues>(key: K, value: LitterFormValues[K]) => void;
}

/** Born on a date, or due in a month: the two ways a litter's birth is given. */
export function BirthFields({ values, errors: shown, set }: BirthFieldsProps) {
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
        value={values.born}
        onChange={(v) => set('born', v as LitterFormValues['born'])}
        w="fit-content"
      />
      {values.born === 'born' ? (
        <TextInput
          label="Birth date"
          type="date"
          value={values.birthDate}
          onChange={(e) => set('birthDate', e.currentTarget.value)}
          error={shown.birthDate}
          required
          maw={240}
        />
      ) : (
        <Group align="flex-start">
          <Select
            label="Due month"
            data={[...MONTH_NAMES]}
            value={values.dueMonth || null}
            onChange={(v) => set('dueMonth', v ?? '')}
            error={shown.birthDate}
            required
            w={180}
          />
          <TextInput
            label="Due year"
            inputMode="numeric"
            value={values.dueYear}
            onChange={(e) => set('dueYear', e.currentTarget.value)}
            required
            w={120}
          />
        </Group>
      )}
    </Stack>
  );
}
