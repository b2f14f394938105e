import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { availabilityLabel } from '@cedar/litter-logic';
import type { FieldErrors, LitterFormValues } from './litter-draft';

const availabilityText = (statuses: string[]) =>
  availabilityLabel({
    available: statuses.filter((s) => s === 'available').length,
    total: statuses.length,
  });

const STATUS_OPTIONS = ['Current', 'Ready', 'Upcoming'];

interface LitterDetailsProps {
  values: LitterFormValues;
  errors: FieldErrors;
  set: <K extends keyof LitterFormValues>(key: K, value: LitterFormValues[K]) => void;
}

/** How many puppies, how many are left, when they are ready, and the litter's description. */
export function LitterDetails({ values, errors: shown, set }: LitterDetailsProps) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Number of puppies"
          description="Leave empty while the litter is not born (TBD)"
          // Mantine's description grey is 3.3:1 on white; gray.7 keeps it at WCAG AA.
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          inputMode="numeric"
          value={values.puppiesCount}
          onChange={(e) => set('puppiesCount', e.currentTarget.value)}
          error={shown.puppiesCount}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={values.status}
          onChange={(v) => set('status', v ?? '')}
          error={shown.status}
          allowDeselect={false}
          required
        />
        <TextInput
          label="Available"
          placeholder="3 of 8 available"
          description={
            values.puppies.length > 0 ? 'Worked out from the puppies listed below' : undefined
          }
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          readOnly={values.puppies.length > 0}
          value={
            values.puppies.length > 0
              ? availabilityText(values.puppies.map((p) => p.status))
              : values.available
          }
          onChange={(e) => set('available', e.currentTarget.value)}
          error={shown.available}
          required
        />
        <TextInput
          label="Ready date"
          placeholder="Ready mid-December 2026"
          value={values.readyDate}
          onChange={(e) => set('readyDate', e.currentTarget.value)}
          error={shown.readyDate}
          required
        />
      </SimpleGrid>
      <Textarea
        label="Description"
        rows={5}
        value={values.description}
        onChange={(e) => set('description', e.currentTarget.value)}
        error={shown.description}
        required
      />
    </Stack>
  );
}
