import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { Announcements, DragEndEvent, ScreenReaderInstructions } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { AppSpec, Problem, Step } from '@appforge/engine';
import { Badge, Button } from '@appforge/ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeNext } from '../lib/spec-ops';
import { STEP_KIND_LABELS } from '../lib/step-kinds';

export type NewStepKind = 'input' | 'ai' | 'output' | 'database' | 'api';

/**
 * Whether a database step can be added: it needs a table of the app's linked database. Otherwise
 * the menu links to where one is linked or given a table.
 */
export type DatabaseChoice = { state: 'ready' } | { state: 'loading' } | { state: 'missing'; href: string; label: string };


const NEW_STEP_CHOICES: { kind: NewStepKind; label: string; hint: string }[] = [
  { kind: 'input', label: 'Ask the visitor', hint: 'A form: text, numbers, choices, files' },
  { kind: 'ai', label: 'AI step', hint: 'A prompt that uses earlier answers' },
  { kind: 'output', label: 'Show a result', hint: 'Markdown with {{variables}}' },
];

export interface StepListProps {
  spec: AppSpec;
  problems: readonly Problem[];
  readOnly: boolean;
  stepHref: (stepId: string) => string;
  nextHref: (stepId: string) => string;
  deleteHref: (stepId: string) => string;
  onMove: (from: number, to: number) => void;
  /** Adds a step of `kind` at position `index`. */
  onAdd: (index: number, kind: NewStepKind) => void;
  database: DatabaseChoice;
  /** Whether an `api` step can be added (one of the creator's APIs with an endpoint); absent = not offered. */
  api?: DatabaseChoice | undefined;
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move a step, press space or enter on its handle. Use the up and down arrow keys to move it, then space or enter to drop it there, or escape to cancel.',
};

/**
 * The version's steps in order, reorderable by drag and drop or from the keyboard (dnd-kit), with
 * an "Add a step here" point before, between and after the steps.
 */
export function StepList({ spec, problems, readOnly, stepHref, nextHref, deleteHref, onMove, onAdd, database, api }: StepListProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // dnd-kit needs unique ids; a spec may (invalidly) repeat a step id, so key by position too.
  const itemIds = spec.steps.map((step, i) => `${i}:${step.id}`);
  const titleOf = (id: string | number | undefined) => {
    const index = Number(String(id).split(':')[0]);
    return spec.steps[index]?.title ?? 'the step';
  };
  const positionOf = (id: string | number | undefined) => itemIds.indexOf(String(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up “${titleOf(active.id)}”, step ${positionOf(active.id)} of ${itemIds.length}.`,
    onDragOver: ({ active, over }) => (over ? `“${titleOf(active.id)}” is over position ${positionOf(over.id)} of ${itemIds.length}.` : `“${titleOf(active.id)}” is no longer over the list.`),
    onDragEnd: ({ active, over }) => (over ? `“${titleOf(active.id)}” dropped at position ${positionOf(over.id)} of ${itemIds.length}.` : `“${titleOf(active.id)}” dropped.`),
    onDragCancel: ({ active }) => `Moving “${titleOf(active.id)}” was cancelled.`,
  };
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = itemIds.indexOf(String(active.id));
    const to = itemIds.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };

  return (
    <div className="editor-steps">
      {!readOnly ? <AddStepPoint index={0} where={spec.steps.length === 0 ? '' : 'at the start'} first={spec.steps.length === 0} onAdd={onAdd} database={database} api={api} /> : null}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={handleDragEnd}
        accessibility={{ announcements, screenReaderInstructions: instructions }}
      >
        <SortableContext items={itemIds} strategy={verticalListSortingStrategy} disabled={readOnly}>
          <ol className="editor-steps__list" aria-label="Steps">
            {spec.steps.map((step, i) => (
              <SortableStep
                key={itemIds[i]}
                id={itemIds[i] ?? String(i)}
                index={i}
                step={step}
                spec={spec}
                isEntry={spec.entryStepId === step.id}
                problems={problems.filter((problem) => problem.stepId === step.id)}
                readOnly={readOnly}
                stepHref={stepHref}
                nextHref={nextHref}
                deleteHref={deleteHref}
                onAdd={onAdd}
                database={database}
                api={api}
              />
            ))}
          </ol>
        </SortableContext>
      </DndContext>
    </div>
  );
}

interface SortableStepProps {
  id: string;
  index: number;
  step: Step;
  spec: AppSpec;
  isEntry: boolean;
  problems: readonly Problem[];
  readOnly: boolean;
  stepHref: (stepId: string) => string;
  nextHref: (stepId: string) => string;
  deleteHref: (stepId: string) => string;
  onAdd: (index: number, kind: NewStepKind) => void;
  database: DatabaseChoice;
  /** Whether an `api` step can be added (one of the creator's APIs with an endpoint); absent = not offered. */
  api?: DatabaseChoice | undefined;
}

function SortableStep({ id, index, step, spec, isEntry, problems, readOnly, stepHref, nextHref, deleteHref, onAdd, database, api }: SortableStepProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id, disabled: readOnly });
  const errors = problems.filter((problem) => problem.severity === 'error').length;
  const warnings = problems.length - errors;
  return (
    <li
      ref={setNodeRef}
      className={`editor-step${isDragging ? ' editor-step--dragging' : ''}`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-step-index={index}
    >
      <div className="editor-step__card">
        {!readOnly ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            className="editor-step__handle"
            aria-label={`Move step ${index + 1}: ${step.title}`}
            {...attributes}
            {...listeners}
          >
            <span aria-hidden="true">⋮⋮</span>
          </button>
        ) : null}
        <div className="editor-step__body">
          <div className="editor-step__heading">
            <span className="editor-step__number" aria-hidden="true">
              {index + 1}
            </span>
            <Link to={stepHref(step.id)} className="editor-step__title">
              {step.title}
            </Link>
            <Badge tone="neutral">{STEP_KIND_LABELS[step.kind]}</Badge>
            {isEntry ? <Badge tone="brand">Start</Badge> : null}
            {errors > 0 ? <Badge tone="danger">{`${errors} error${errors === 1 ? '' : 's'}`}</Badge> : null}
            {warnings > 0 ? <Badge tone="warning">{`${warnings} warning${warnings === 1 ? '' : 's'}`}</Badge> : null}
          </div>
          <p className="editor-step__next">{describeNext(spec, index)}</p>
        </div>
        <div className="editor-step__actions">
          <Link to={nextHref(step.id)} className="af-button af-button--ghost af-button--sm" aria-label={`Next step after ${step.title}`}>
            Next step
          </Link>
          {!readOnly ? (
            <Link to={deleteHref(step.id)} className="af-button af-button--ghost af-button--sm" aria-label={`Delete ${step.title}`}>
              Delete
            </Link>
          ) : null}
        </div>
      </div>
      {!readOnly ? <AddStepPoint index={index + 1} where={`after ${step.title}`} onAdd={onAdd} database={database} api={api} compact /> : null}
    </li>
  );
}

interface AddStepPointProps {
  index: number;
  /** Where the step goes, read after "Add a step": "after Ask the topic", "at the start". */
  where: string;
  first?: boolean;
  compact?: boolean;
  onAdd: (index: number, kind: NewStepKind) => void;
  database: DatabaseChoice;
  /** Whether an `api` step can be added (one of the creator's APIs with an endpoint); absent = not offered. */
  api?: DatabaseChoice | undefined;
}

/** "+ Add a step here": opens a short choice of step kinds in place. */
export function AddStepPoint({ index, where, first = false, compact = false, onAdd, database, api }: AddStepPointProps) {
  const [open, setOpen] = useState(false);
  const label = first ? 'Add the first step' : `Add a step ${where}`;
  return (
    <div className={`editor-add${compact ? ' editor-add--compact' : ''}`}>
      {open ? (
        <div role="group" aria-label={label} className="editor-add__choices">
          {NEW_STEP_CHOICES.map((choice) => (
            <Button
              key={choice.kind}
              variant="secondary"
              size="sm"
              onClick={() => {
                setOpen(false);
                onAdd(index, choice.kind);
              }}
              title={choice.hint}
            >
              {choice.label}
            </Button>
          ))}
          {database.state === 'missing' ? (
            <Link className="af-button af-button--ghost af-button--sm" to={database.href}>
              {database.label}
            </Link>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              loading={database.state === 'loading'}
              title="Read rows from the app’s database, or save a row in it"
              onClick={() => {
                setOpen(false);
                onAdd(index, 'database');
              }}
            >
              Database
            </Button>
          )}
          {api === undefined ? null : api.state === 'missing' ? (
            <Link className="af-button af-button--ghost af-button--sm" to={api.href}>
              {api.label}
            </Link>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              loading={api.state === 'loading'}
              title="Call one of your APIs and keep its answer for later steps"
              onClick={() => {
                setOpen(false);
                onAdd(index, 'api');
              }}
            >
              API
            </Button>
          )}
          <Button variant="ghost" size="sm" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        </div>
      ) : (
        <Button variant={first ? 'primary' : 'ghost'} size="sm" className="editor-add__button" aria-label={label} onClick={() => setOpen(true)}>
          <span aria-hidden="true">＋ </span>
          {first || !compact ? label : 'Add a step'}
        </Button>
      )}
    </div>
  );
}
