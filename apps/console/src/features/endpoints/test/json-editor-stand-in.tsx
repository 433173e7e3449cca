import type { JsonEditorProps } from '../components/json-editor';

/** CodeMirror needs layout APIs happy-dom lacks; a textarea stands in for the lazy editor. */
export function JsonEditor({ value, onChange, labelledBy }: JsonEditorProps) {
  return (
    <textarea
      aria-labelledby={labelledBy}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
