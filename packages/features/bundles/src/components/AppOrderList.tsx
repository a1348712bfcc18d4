import { DndContext, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from '@dnd-kit/core';
import type { Announcements, DragEndEvent, ScreenReaderInstructions } from '@dnd-kit/core';
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button } from '@appforge/ui';

export interface OrderedApp {
  id: string;
  name: string;
}

export interface AppOrderListProps {
  apps: OrderedApp[];
  onChange: (apps: OrderedApp[]) => void;
}

const instructions: ScreenReaderInstructions = {
  draggable:
    'To move an app, press space or enter on its handle. Use the up and down arrow keys to move it, then space or enter to drop it there, or escape to cancel.',
};

function Row({ app, index, count, onMove, onRemove }: { app: OrderedApp; index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: app.id });
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }} className={isDragging ? 'bundles-order__row is-dragging' : 'bundles-order__row'}>
      <button type="button" className="bundles-order__handle" aria-label={`Move ${app.name}`} {...attributes} {...listeners}>
        ⠿
      </button>
      <span className="bundles-order__name">
        {index + 1}. {app.name}
      </span>
      <Button size="sm" variant="ghost" disabled={index === 0} onClick={() => onMove(index - 1)} aria-label={`Move ${app.name} up`}>
        ↑
      </Button>
      <Button size="sm" variant="ghost" disabled={index === count - 1} onClick={() => onMove(index + 1)} aria-label={`Move ${app.name} down`}>
        ↓
      </Button>
      <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${app.name}`}>
        Remove
      </Button>
    </li>
  );
}

/** The bundle's apps in order: drag by the handle, move with the keyboard (dnd-kit) or the arrows, remove. */
export function AppOrderList({ apps, onChange }: AppOrderListProps) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number | undefined) => apps.find((app) => app.id === id)?.name ?? 'the app';
  const positionOf = (id: string | number | undefined) => apps.findIndex((app) => app.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, at position ${positionOf(active.id)} of ${apps.length}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${apps.length}.` : `${nameOf(active.id)} is not over a position.`),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)} of ${apps.length}.` : `${nameOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };
  const move = (from: number, to: number) => onChange(arrayMove(apps, from, to));
  const handleDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(positionOf(active.id) - 1, positionOf(over.id) - 1);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={handleDragEnd} accessibility={{ announcements, screenReaderInstructions: instructions }}>
      <SortableContext items={apps.map((app) => app.id)} strategy={verticalListSortingStrategy}>
        <ol className="bundles-order" aria-label="Apps in this bundle, in order">
          {apps.map((app, index) => (
            <Row key={app.id} app={app} index={index} count={apps.length} onMove={(to) => move(index, to)} onRemove={() => onChange(apps.filter((other) => other.id !== app.id))} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
