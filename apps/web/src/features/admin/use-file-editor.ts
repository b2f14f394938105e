import type {
  EditableFilePath,
  Revision,
  SaveFileResponse,
  SectionWord,
  SectionWords,
} from '@cedar/api-contract';
import { PAGE_GATE_REFUSAL, revisionsUrl } from '@cedar/api-contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useReducer, useRef } from 'react';
import {
  classifyWriteError,
  etagOf,
  fileQueryOptions,
  useSaveFile,
  useSaveWords,
  wordsQueryOptions,
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

/** Words: the strings of the file's copy object as fields. Code: the whole file's text. */
export type EditorMode = 'words' | 'code';

interface EditorState {
  path: EditableFilePath | null;
  mode: EditorMode;
  /** The text as the owner typed it: only loading a file replaces it. */
  draft: string;
  /** The text as loaded or last saved, to tell whether there is anything unsaved. */
  savedDraft: string;
  /** The words as loaded or last saved, in the file's order. */
  words: SectionWord[];
  /** Each word's value as the owner typed it, by key. */
  values: Record<string, string>;
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
  | { type: 'mode'; mode: EditorMode }
  | { type: 'loaded'; file: LoadedFile }
  | { type: 'words-loaded'; words: SectionWords }
  | { type: 'word-edited'; key: string; value: string }
  | { type: 'load-failed' }
  | { type: 'edited'; draft: string }
  | {
      type: 'written';
      answer: SaveFileResponse;
      since: number;
      /** What was saved (a restore saves nothing of the editor's: the file is loaded again). */
      saved: { draft: string } | { values: Record<string, string> } | null;
    }
  | { type: 'write-failed'; failure: WriteFailure; write: HeldWrite }
  | { type: 'confirmation-closed' };

const initialEditorState: EditorState = {
  path: null,
  mode: 'words',
  draft: '',
  savedDraft: '',
  words: [],
  values: {},
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
    case 'mode':
      return {
        ...initialEditorState,
        path: state.path,
        mode: action.mode,
        pending: state.pending,
      };
    case 'load-started':
      return { ...state, loading: true };
    case 'loaded':
      return {
        ...state,
        draft: action.file.content,
        savedDraft: action.file.content,
        etag: action.file.etag,
        loading: false,
        refusal: null,
        conflict: false,
      };
    case 'words-loaded':
      return {
        ...state,
        words: action.words.words,
        values: Object.fromEntries(action.words.words.map((w) => [w.key, w.value])),
        etag: etagOf(action.words.sha256),
        loading: false,
        refusal: null,
        conflict: false,
      };
    case 'word-edited':
      return { ...state, values: { ...state.values, [action.key]: action.value } };
    case 'load-failed':
      return { ...state, loading: false };
    case 'edited':
      return { ...state, draft: action.draft };
    case 'written': {
      // Only a change is published: a save of the same content leaves the publish state alone.
      const pending = action.answer.changed
        ? {
            savedAt: action.answer.revision.savedAt,
            since: action.since,
            path: action.answer.revision.path,
          }
        : state.pending;
      const { saved } = action;
      if (!saved) return { ...state, pending, held: null };
      const etag = etagOf(action.answer.sha256);
      const written = { ...state, etag, refusal: null, conflict: false, pending, held: null };
      if ('draft' in saved) return { ...written, savedDraft: saved.draft };
      return {
        ...written,
        words: state.words.map((w) => ({ key: w.key, value: saved.values[w.key] ?? w.value })),
      };
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
  const saveWordsMutation = useSaveWords();
  const restoreMutation = useRestoreRevision();
  const revisions = useRevisions(state.path);
  const publish = usePublishStatus(state.pending);

  // The file and mode asked for last: an answer for another one is dropped.
  const selectedMode = useRef<EditorMode>('words');

  const load = async (path: EditableFilePath, mode: EditorMode) => {
    const current = () => selectedPath.current === path && selectedMode.current === mode;
    dispatch({ type: 'load-started' });
    try {
      if (mode === 'words') {
        const words = await queryClient.fetchQuery(wordsQueryOptions(path));
        if (current()) dispatch({ type: 'words-loaded', words });
      } else {
        const file = await queryClient.fetchQuery(fileQueryOptions(path));
        if (current()) dispatch({ type: 'loaded', file });
      }
    } catch {
      if (!current()) return;
      dispatch({ type: 'load-failed' });
      showError('Failed to load file');
    }
  };

  const select = (path: EditableFilePath | null) => {
    selectedPath.current = path;
    dispatch({ type: 'selected', path });
    if (path) void load(path, selectedMode.current);
  };

  /** Words or Code: the file is loaded again as it is now, in the other form. */
  const switchMode = (mode: EditorMode) => {
    selectedMode.current = mode;
    dispatch({ type: 'mode', mode });
    if (selectedPath.current) void load(selectedPath.current, mode);
  };

  const callbacks = (saved: { draft: string } | { values: Record<string, string> }) => ({
    onSuccess: (answer: SaveFileResponse) => {
      dispatch({ type: 'written', answer, since: Date.now(), saved });
      showSuccess('Success', 'File saved successfully!');
    },
    onError: (error: unknown) => {
      const failure = classifyWriteError(error);
      dispatch({ type: 'write-failed', failure, write: { kind: 'save' } });
      if (failure.kind !== 'confirmation-required') showError('Failed to save file');
    },
  });

  const saving = saveMutation.isPending || saveWordsMutation.isPending;
  const save = () => {
    // Saving without a file does nothing.
    const { path, mode, draft, etag, words, values } = latest.current;
    if (!path || saving) return;
    if (mode === 'code') {
      saveMutation.mutate({ path, content: draft, etag }, callbacks({ draft }));
      return;
    }
    const changes = words
      .filter((w) => values[w.key] !== undefined && values[w.key] !== w.value)
      .map((w) => ({ key: w.key, value: values[w.key]! }));
    saveWordsMutation.mutate({ path, words: changes, etag }, callbacks({ values }));
  };

  const restore = (revision: Revision) => {
    restoreMutation.mutate(revision, {
      onSuccess: (answer) => {
        dispatch({ type: 'written', answer, since: Date.now(), saved: null });
        showSuccess('Success', `Restored the version saved ${formatDateTime(revision.savedAt)}.`);
        if (selectedPath.current === revision.path) void load(revision.path, selectedMode.current);
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

  const unsaved =
    state.mode === 'code'
      ? state.draft !== state.savedDraft
      : state.words.some((w) => state.values[w.key] !== w.value);

  // A publish the page gate refused took the file back to its published version on the server (a
  // new revision; the refused text is kept as one): the editor shows the file as it now is, and
  // its history, unless the owner has typed something since.
  const refusedAt =
    publish.data?.state === 'failed' && publish.data.error?.startsWith(PAGE_GATE_REFUSAL)
      ? publish.data.finishedAt
      : null;
  const afterRefusal = useRef(() => undefined as void);
  useEffect(() => {
    afterRefusal.current = () => {
      const { path, mode } = latest.current;
      if (!path) return;
      void queryClient.invalidateQueries({ queryKey: [revisionsUrl(path)] });
      if (!unsaved) void load(path, mode);
    };
  });
  useEffect(() => {
    if (refusedAt) afterRefusal.current();
  }, [refusedAt]);

  return {
    state,
    revisions,
    publish: publish.data,
    /** When the publish status was last fetched (local time), to count the running build's time. */
    publishFetchedAt: publish.dataUpdatedAt,
    saving,
    restoring: restoreMutation.isPending,
    unsaved,
    select,
    switchMode,
    edit: (draft: string) => dispatch({ type: 'edited', draft }),
    editWord: (key: string, value: string) => dispatch({ type: 'word-edited', key, value }),
    reload: () => {
      if (state.path) void load(state.path, state.mode);
    },
    save,
    restore,
    confirmed,
    cancelConfirmation: () => dispatch({ type: 'confirmation-closed' }),
  };
}

export type FileEditor = ReturnType<typeof useFileEditor>;
