import { autocompletion, completionKeymap } from '@codemirror/autocomplete';
import type { CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { Compartment, EditorState, RangeSetBuilder } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, keymap, placeholder as placeholderExtension } from '@codemirror/view';
import type { DecorationSet, ViewUpdate } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { completeVariable, findReferences } from '../lib/prompt-language';
import type { CompletionVariable } from '../lib/spec-ops';

export interface PromptEditorProps {
  value: string;
  onChange: (value: string) => void;
  variables: readonly CompletionVariable[];
  /** The id of the visible label (the editor is a textbox labelled by it). */
  labelledBy: string;
  describedBy?: string;
  placeholder?: string;
  readOnly?: boolean;
  invalid?: boolean;
}

const knownMark = Decoration.mark({ class: 'prompt-var' });
const unknownMark = Decoration.mark({ class: 'prompt-var prompt-var--unknown', attributes: { title: 'No step sets this variable' } });

function highlighter(getVariables: () => readonly CompletionVariable[]) {
  const build = (view: EditorView): DecorationSet => {
    const builder = new RangeSetBuilder<Decoration>();
    const text = view.state.doc.toString();
    for (const range of findReferences(text, getVariables())) builder.add(range.from, range.to, range.known ? knownMark : unknownMark);
    return builder.finish();
  };
  return ViewPlugin.fromClass(
    class {
      decorations: DecorationSet;
      constructor(view: EditorView) {
        this.decorations = build(view);
      }
      update(update: ViewUpdate) {
        if (update.docChanged || update.transactions.some((tr) => tr.reconfigured)) this.decorations = build(update.view);
      }
    },
    { decorations: (plugin) => plugin.decorations },
  );
}

/**
 * A prompt or template editor (CodeMirror 6): `{{` offers the app's variables, references are
 * highlighted, and one that no step sets is marked. Loaded only by the step page.
 */
export function PromptEditor({ value, onChange, variables, labelledBy, describedBy, placeholder, readOnly = false, invalid = false }: PromptEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const variablesRef = useRef(variables);
  const readOnlyCompartment = useRef(new Compartment());
  const ariaCompartment = useRef(new Compartment());
  // What the view starts with; later prop changes go through the compartments and the sync below.
  const initial = useRef({ value, placeholder, readOnly, labelledBy, describedBy, invalid });

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    variablesRef.current = variables;
    // Re-run the highlighter when the app's variables change (e.g. a field was renamed).
    view.current?.dispatch({ effects: readOnlyCompartment.current.reconfigure(readOnlyExtensions(readOnly)) });
  }, [variables, readOnly]);

  useEffect(() => {
    view.current?.dispatch({ effects: ariaCompartment.current.reconfigure(ariaExtension(labelledBy, describedBy, invalid)) });
  }, [labelledBy, describedBy, invalid]);

  useEffect(() => {
    if (!host.current) return undefined;
    const source = (context: CompletionContext): CompletionResult | null => {
      const at = completeVariable(context.state.doc.toString(), context.pos, variablesRef.current);
      if (!at) return null;
      return { from: at.from, options: at.options, validFor: /^[A-Za-z0-9_.]*$/ };
    };
    const start = initial.current;
    const created = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: start.value,
        extensions: [
          history(),
          keymap.of([...completionKeymap, ...defaultKeymap, ...historyKeymap]),
          autocompletion({ override: [source], activateOnTyping: true, icons: false }),
          EditorView.lineWrapping,
          highlighter(() => variablesRef.current),
          placeholderExtension(start.placeholder ?? ''),
          readOnlyCompartment.current.of(readOnlyExtensions(start.readOnly)),
          ariaCompartment.current.of(ariaExtension(start.labelledBy, start.describedBy, start.invalid)),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = created;
    return () => {
      created.destroy();
      view.current = null;
    };
  }, []);

  useEffect(() => {
    // A change from outside (undo of a step, restored backup) replaces the text.
    const current = view.current;
    if (current && current.state.doc.toString() !== value) {
      current.dispatch({ changes: { from: 0, to: current.state.doc.length, insert: value } });
    }
  }, [value]);

  return <div ref={host} className={`prompt-editor${invalid ? ' prompt-editor--invalid' : ''}${readOnly ? ' prompt-editor--readonly' : ''}`} />;
}

function readOnlyExtensions(readOnly: boolean) {
  return [EditorState.readOnly.of(readOnly), EditorView.editable.of(!readOnly)];
}

function ariaExtension(labelledBy: string, describedBy: string | undefined, invalid: boolean) {
  return EditorView.contentAttributes.of({
    'aria-labelledby': labelledBy,
    'aria-multiline': 'true',
    role: 'textbox',
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
  });
}
