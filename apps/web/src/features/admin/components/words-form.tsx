import type { SectionWord } from '@cedar/api-contract';
import { Stack, Text, TextInput, Textarea } from '@mantine/core';

/** Longer words, or any with a line break, get a box of several lines. */
const ONE_LINE_UP_TO = 70;

/**
 * A field's label from its key: `primaryButton` is "Primary button", `steps.1.title` is
 * "Step 2: Title" (lists count from 1, and a list's name reads as one of its items).
 */
export function wordLabel(key: string): string {
  const parts = key.split('.');
  const out: string[] = [];
  for (const part of parts) {
    if (/^\d+$/.test(part)) {
      const list = out.pop() ?? '';
      const item = list.endsWith('s') && !list.endsWith('ss') ? list.slice(0, -1) : list;
      out.push(`${item} ${Number(part) + 1}`.trim());
    } else {
      out.push(capitalize(part.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase()));
    }
  }
  return out.join(': ');
}

/** Rows enough for the words as loaded (about ONE_LINE_UP_TO characters a row), 3 to 12. */
const rowsFor = (value: string) =>
  Math.min(
    12,
    Math.max(
      3,
      value.split('\n').reduce((rows, line) => rows + Math.ceil(line.length / ONE_LINE_UP_TO), 0),
    ),
  );

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

interface WordsFormProps {
  /** The words as loaded, in the file's (and so the page's) order: they fix the fields. */
  words: SectionWord[];
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
  disabled: boolean;
}

/** Words mode: each string of the section's copy object as a labelled field, in page order. */
export function WordsForm({ words, values, onChange, disabled }: WordsFormProps) {
  if (words.length === 0)
    return (
      <Text size="sm">This file has no words to change here. Choose Code to edit it as code.</Text>
    );
  return (
    <Stack gap="sm">
      {words.map((word) => {
        const common = {
          label: wordLabel(word.key),
          value: values[word.key] ?? '',
          disabled,
          onChange: (event: { currentTarget: { value: string } }) =>
            onChange(word.key, event.currentTarget.value),
        };
        // The kind of field follows the words as loaded, so it does not change while typing.
        return word.value.length > ONE_LINE_UP_TO || word.value.includes('\n') ? (
          <Textarea key={word.key} {...common} rows={rowsFor(word.value)} />
        ) : (
          <TextInput key={word.key} {...common} />
        );
      })}
    </Stack>
  );
}
