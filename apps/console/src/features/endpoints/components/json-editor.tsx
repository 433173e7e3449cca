import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { oneDarkHighlightStyle } from '@codemirror/theme-one-dark';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';

import { useTheme } from '@/components/theme-provider';

export interface JsonEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** id of the visible label. */
  labelledBy: string;
  id?: string;
}

// Colours come from the console's own CSS variables, so both themes keep their contrast.
const baseTheme = EditorView.theme({
  '&': {
    fontSize: '12px',
    border: '1px solid var(--input)',
    borderRadius: '0.375rem',
    backgroundColor: 'var(--card)',
    color: 'var(--foreground)',
  },
  '&.cm-focused': { outline: '2px solid var(--ring)', outlineOffset: '1px' },
  '.cm-scroller': {
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
    minHeight: '10rem',
  },
  '.cm-content': { caretColor: 'var(--foreground)' },
  '.cm-gutters': {
    backgroundColor: 'var(--muted)',
    color: 'var(--muted-foreground)',
    borderRight: '1px solid var(--border)',
  },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '&.cm-focused .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--ring) 30%, transparent)',
  },
});

function highlighting(dark: boolean) {
  return syntaxHighlighting(dark ? oneDarkHighlightStyle : defaultHighlightStyle);
}

/** CodeMirror 6 with JSON highlighting. Loaded lazily: only POST, PUT and PATCH requests show it. */
export function JsonEditor({ value, onChange, labelledBy, id }: JsonEditorProps) {
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const themeCompartment = useRef(new Compartment());
  const { resolvedTheme } = useTheme();
  const dark = resolvedTheme === 'dark';

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    if (!container.current) {
      return;
    }
    const editor = new EditorView({
      parent: container.current,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          indentOnInput(),
          bracketMatching(),
          // Ctrl/Cmd+Enter sends the request (the tester listens for it): no blank line here.
          keymap.of([
            { key: 'Mod-Enter', run: () => true },
            ...defaultKeymap,
            ...historyKeymap,
            indentWithTab,
          ]),
          json(),
          baseTheme,
          themeCompartment.current.of(highlighting(dark)),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({
            'aria-labelledby': labelledBy,
            'aria-multiline': 'true',
            role: 'textbox',
            ...(id ? { id } : {}),
          }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) {
              onChangeRef.current(update.state.doc.toString());
            }
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is created once; value and theme changes are dispatched below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A preset (or any outside change) replaces the document.
  useEffect(() => {
    const editor = view.current;
    if (editor && editor.state.doc.toString() !== value) {
      editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } });
    }
  }, [value]);

  useEffect(() => {
    view.current?.dispatch({
      effects: themeCompartment.current.reconfigure(highlighting(dark)),
    });
  }, [dark]);

  return <div ref={container} data-testid="json-editor" />;
}
