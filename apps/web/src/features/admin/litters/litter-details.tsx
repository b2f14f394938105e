import { Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { availabilityLabel } from '@cedar/litter-logic';
import { fieldProps, selectProps, type LitterFormState } from './form-state';

const availabilityText = (statuses: string[]) =>
  availabilityLabel({
    available: statuses.filter((s) => s === 'available').length,
    total: statuses.length,
  });

const STATUS_OPTIONS = ['Current', 'Ready', 'Upcoming'];

/** How many puppies, how many are left, when they are ready, and the litter's description. */
export function LitterDetails({ form }: { form: LitterFormState }) {
  const { puppies } = form.values;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="Number of puppies"
          description="Leave empty while the litter is not born (TBD)"
          // Mantine's description grey is 3.3:1 on white; gray.7 keeps it at WCAG AA.
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          inputMode="numeric"
          {...fieldProps(form, 'puppiesCount')}
        />
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          {...selectProps(form, 'status')}
          allowDeselect={false}
          required
        />
        <TextInput
          label="Available"
          placeholder="3 of 8 available"
          description={puppies.length > 0 ? 'Worked out from the puppies listed below' : undefined}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          readOnly={puppies.length > 0}
          {...fieldProps(form, 'available')}
          {...(puppies.length > 0 && { value: availabilityText(puppies.map((p) => p.status)) })}
          required
        />
        <TextInput
          label="Ready date"
          placeholder="Ready mid-December 2026"
          {...fieldProps(form, 'readyDate')}
          required
        />
      </SimpleGrid>
      <Textarea label="Description" rows={5} {...fieldProps(form, 'description')} required />
    </Stack>
  );
}
