import { javascript } from '@codemirror/lang-javascript';
import CodeMirror, {
  Decoration,
  EditorView,
  type Extension,
  type ReactCodeMirrorRef,
} from '@uiw/react-codemirror';
import { useEffect, useMemo, useRef } from 'react';
import classes from './code-editor.module.css';

interface CodePosition {
  line: number;
  column: number | null;
}

export interface CodeEditorProps {
  /** The id of the visible label naming the editor (the file's path). */
  labelledBy: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /**
   * Where the server found the error of a refused save: that line is marked and the cursor moves
   * there. A new object for each refusal, so the same place refused twice moves the cursor again.
   */
  error: CodePosition | null;
}

const ERROR_LINE_CLASS = 'cm-refused-line';

const tsx = javascript({ jsx: true, typescript: true });

const look = EditorView.theme({
  '&': { fontSize: 'var(--mantine-font-size-sm)' },
  '.cm-scroller': { fontFamily: 'var(--mantine-font-family-monospace)', lineHeight: '1.5' },
  '.cm-content': { minHeight: '24rem' },
  '.cm-gutters': { minHeight: '24rem' },
  [`.${ERROR_LINE_CLASS}`]: {
    backgroundColor: 'var(--mantine-color-red-1)',
    boxShadow: 'inset 3px 0 0 var(--mantine-color-red-8)',
  },
});

/** The error's line, marked while it is on the screen. */
function errorLine(line: number): Extension {
  return EditorView.decorations.of((view) => {
    if (line < 1 || line > view.state.doc.lines) return Decoration.none;
    return Decoration.set(
      Decoration.line({ class: ERROR_LINE_CLASS }).range(view.state.doc.line(line).from),
    );
  });
}

/**
 * Code mode's editor: CodeMirror with TSX highlighting and line numbers. Tab indents; Escape then
 * Tab leaves the editor (CodeMirror's own way out for keyboard users). Loaded lazily by the editor
 * panel, so only the file editor's Code mode downloads it.
 */
export default function CodeEditor({
  labelledBy,
  value,
  onChange,
  disabled,
  error,
}: CodeEditorProps) {
  const ref = useRef<ReactCodeMirrorRef>(null);
  const extensions = useMemo(() => {
    const list: Extension[] = [
      tsx,
      look,
      // Long lines (a section's sentences) wrap: no sideways scrolling, and no scroll area that
      // a keyboard could not reach.
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-labelledby': labelledBy,
        spellcheck: 'false',
        autocapitalize: 'off',
        autocorrect: 'off',
      }),
    ];
    if (error) list.push(errorLine(error.line));
    return list;
  }, [labelledBy, error]);

  useEffect(() => {
    const view = ref.current?.view;
    if (!error || !view || error.line > view.state.doc.lines) return;
    const line = view.state.doc.line(Math.max(1, error.line));
    const column = Math.min(Math.max(0, (error.column ?? 1) - 1), line.length);
    view.dispatch({ selection: { anchor: line.from + column }, scrollIntoView: true });
    view.focus();
  }, [error]);

  return (
    <div className={classes.frame} data-disabled={disabled || undefined}>
      <CodeMirror
        ref={ref}
        value={value}
        onChange={onChange}
        editable={!disabled}
        extensions={extensions}
        basicSetup={{ autocompletion: false, foldGutter: false }}
      />
    </div>
  );
}
