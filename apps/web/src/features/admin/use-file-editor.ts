import type { EditableFilePath, Revision, SaveFileResponse } from '@cedar/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import {
  classifyWriteError,
  etagOf,
  fileQueryOptions,
  useSaveFile,
  type LoadedFile,
  type SaveRefusal,
  type WriteFailure,
} from './api/files';
import { usePublishStatus, type PendingPublish } from './api/publish-status';
import { useRestoreRevision, useRevisions } from './api/revisions';
import { formatDateTime } from './lib/dates';
import { showError, showSuccess } from './lib/toasts';

/** A save or restore that the server holds back until the password is confirmed again. */
type HeldWrite = { kind: 'save' } | { kind: 'restore'; revision: Revision };

interface EditorState {
  path: EditableFilePath | null;
  /** The text as the owner typed it: only loading a file replaces it. */
  draft: string;
  /** The loaded or last saved version's tag, sent as If-Match. */
  etag: string | null;
  loading: boolean;
  refusal: SaveRefusal | null;
  conflict: boolean;
  pending: PendingPublish | null;
  held: HeldWrite | null;
}

type Action =
  | { type: 'selected'; path: EditableFilePath | null }
  | { type: 'load-started' }
  | { type: 'loaded'; file: LoadedFile }
  | { type: 'load-failed' }
  | { type: 'edited'; draft: string }
  | { type: 'written'; answer: SaveFileResponse; since: number; saved: boolean }
  | { type: 'write-failed'; failure: WriteFailure; write: HeldWrite }
  | { type: 'confirmation-closed' };

const initialEditorState: EditorState = {
  path: null,
  draft: '',
  etag: null,
  loading: false,
  refusal: null,
  conflict: false,
  pending: null,
  held: null,
};

function editorReducer(state: EditorState, action: Action): EditorState {
  switch (action.type) {
    case 'selected':
      return { ...initialEditorState, path: action.path, pending: state.pending };
    case 'load-started':
      return { ...state, loading: true };
    case 'loaded':
      return {
        ...state,
        draft: action.file.content,
        etag: action.file.etag,
        loading: false,
        refusal: null,
        conflict: false,
      };
    case 'load-failed':
      return { ...state, loading: false };
    case 'edited':
      return { ...state, draft: action.draft };
    case 'written': {
      const pending = { savedAt: action.answer.revision.savedAt, since: action.since };
      if (!action.saved) return { ...state, pending, held: null };
      const etag = etagOf(action.answer.sha256);
      return { ...state, etag, refusal: null, conflict: false, pending, held: null };
    }
    case 'write-failed': {
      const held = action.failure.kind === 'confirmation-required' ? action.write : null;
      // A refused restore is told in a toast; the editor's own text and alerts stay as they were.
      if (action.write.kind === 'restore') return { ...state, held };
      return {
        ...state,
        refusal: action.failure.kind === 'refused' ? action.failure.refusal : null,
        conflict: action.failure.kind === 'conflict',
        held,
      };
    }
    case 'confirmation-closed':
      return { ...state, held: null };
  }
}

/** The file editor: which file, its text, saving, restoring, and the password confirmation they may need. */
export function useFileEditor() {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(editorReducer, initialEditorState);
  // The file chosen last: an answer for a file no longer selected is dropped.
  const selectedPath = useRef<EditableFilePath | null>(null);
  // The state as last rendered, for a save retried when a confirmation answers: the owner may have
  // typed while it was on its way, and the text saved is the text on screen.
  const latest = useRef(state);
  useEffect(() => {
    latest.current = state;
  });
  const saveMutation = useSaveFile();
  const restoreMutation = useRestoreRevision();
  const revisions = useRevisions(state.path);
  const publish = usePublishStatus(state.pending);

  const load = async (path: EditableFilePath) => {
    dispatch({ type: 'load-started' });
    try {
      const file = await queryClient.fetchQuery(fileQueryOptions(path));
      if (selectedPath.current === path) dispatch({ type: 'loaded', file });
    } catch {
      if (selectedPath.current !== path) return;
      dispatch({ type: 'load-failed' });
      showError('Failed to load file');
    }
  };

  const select = (path: EditableFilePath | null) => {
    selectedPath.current = path;
    dispatch({ type: 'selected', path });
    if (path) void load(path);
  };

  const save = () => {
    // Spec §5: saving without a file does nothing.
    const { path, draft, etag } = latest.current;
    if (!path || saveMutation.isPending) return;
    saveMutation.mutate(
      { path, content: draft, etag },
      {
        onSuccess: (answer) => {
          dispatch({ type: 'written', answer, since: Date.now(), saved: true });
          showSuccess('Success', 'File saved successfully!');
        },
        onError: (error) => {
          const failure = classifyWriteError(error);
          dispatch({ type: 'write-failed', failure, write: { kind: 'save' } });
          if (failure.kind !== 'confirmation-required') showError('Failed to save file');
        },
      },
    );
  };

  const restore = (revision: Revision) => {
    restoreMutation.mutate(revision, {
      onSuccess: (answer) => {
        dispatch({ type: 'written', answer, since: Date.now(), saved: false });
        showSuccess('Success', `Restored the version saved ${formatDateTime(revision.savedAt)}.`);
        if (selectedPath.current === revision.path) void load(revision.path);
      },
      onError: (error) => {
        const failure = classifyWriteError(error);
        dispatch({ type: 'write-failed', failure, write: { kind: 'restore', revision } });
        if (failure.kind !== 'confirmation-required') showError('Failed to restore the revision');
      },
    });
  };

  /** The password is confirmed: the held save or restore is tried again, once. */
  const confirmed = () => {
    const { held } = latest.current;
    dispatch({ type: 'confirmation-closed' });
    if (held?.kind === 'save') save();
    if (held?.kind === 'restore') restore(held.revision);
  };

  return {
    state,
    revisions,
    publish: publish.data,
    saving: saveMutation.isPending,
    restoring: restoreMutation.isPending,
    select,
    edit: (draft: string) => dispatch({ type: 'edited', draft }),
    reload: () => {
      if (state.path) void load(state.path);
    },
    save,
    restore,
    confirmed,
    cancelConfirmation: () => dispatch({ type: 'confirmation-closed' }),
  };
}

export type FileEditor = ReturnType<typeof useFileEditor>;
