import { INQUIRY_NOTE_MAX, inquiryUpdateSchema, type InboxInquiry } from '@cedar/api-contract';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { isGone, useUpdateInquiry } from '../api/update-inquiry';
import { setServerErrors } from '../lib/form-errors';
import { showError } from '../lib/toasts';
import classes from './inquiry-card.module.css';

/**
 * The note being edited: the draft, checked by the API's own update schema, kept here until the
 * server has it. Mounted only while editing, so the inbox's cards carry no form until one is used.
 */
function NoteEditor({
  inquiry,
  onSaved,
  onClose,
}: {
  inquiry: InboxInquiry;
  onSaved: () => void;
  onClose: () => void;
}) {
  const update = useUpdateInquiry();
  const form = useForm({
    initialValues: { note: inquiry.note },
    validate: schemaResolver(inquiryUpdateSchema, { sync: true }),
  });
  const save = form.onSubmit(({ note }) => {
    if (update.isPending) return;
    update.mutate(
      { id: inquiry.id, note },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (isGone(error)) showError('This inquiry has been deleted, so the note was not saved.');
          else setServerErrors(form, error);
        },
      },
    );
  });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) save();
    if (event.key === 'Escape' && !update.isPending) onClose();
  };
  return (
    <Stack gap="xs" mt="md">
      <Textarea
        label="Private note"
        description="Only you see this note. Ctrl+Enter saves it."
        {...form.getInputProps('note')}
        onKeyDown={onKeyDown}
        maxLength={INQUIRY_NOTE_MAX}
        rows={4}
        resize="vertical"
        autoFocus
      />
      {update.isError && (
        <Alert color="red" variant="light" role="alert" title="Your note was not saved">
          Your text is still here: please try again in a moment.
        </Alert>
      )}
      <Group gap="sm">
        <Button size="xs" onClick={() => save()}>
          {update.isPending ? 'Saving...' : 'Save note'}
        </Button>
        <Button size="xs" variant="default" onClick={onClose} disabled={update.isPending}>
          Cancel
        </Button>
        <Text size="xs" c="gray.7">
          {form.values.note.length.toLocaleString('en-US')} /{' '}
          {INQUIRY_NOTE_MAX.toLocaleString('en-US')}
        </Text>
      </Group>
    </Stack>
  );
}

/**
 * The owner's private note on an inquiry. Editing keeps the draft until the server has it: a
 * failed save leaves every word in the box, with a message saying it was not saved.
 */
export function InquiryNote({ inquiry }: { inquiry: InboxInquiry }) {
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  /** Set when editing ends: the textarea that had focus is gone, so focus goes back to the button. */
  const returnFocus = useRef(false);
  useEffect(() => {
    // After the commit that shows the button again, not at a guessed moment: a busy browser may
    // paint a frame before React has committed.
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const edit = () => {
    setSaved(false);
    setEditing(true);
  };
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  if (editing)
    return (
      <NoteEditor
        inquiry={inquiry}
        onSaved={() => {
          setSaved(true);
          stopEditing();
        }}
        onClose={stopEditing}
      />
    );

  // Plain elements around the button: one of these is on each of the inbox's cards (decision 034).
  return (
    <div className={classes.note}>
      {inquiry.note && (
        <>
          <p className={classes.label}>Private note:</p>
          <p className={`${classes.small} ${classes.message}`}>{inquiry.note}</p>
        </>
      )}
      <div className={classes.noteRow}>
        <Button ref={editButton} size="xs" variant="light" onClick={edit}>
          {inquiry.note ? 'Edit note' : 'Add a note'}
        </Button>
        <p className={classes.saved} role="status">
          {saved ? 'Note saved.' : ''}
        </p>
      </div>
    </div>
  );
}
