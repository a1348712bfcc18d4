// What the live preview shows of a run, in order: each AI step's text as the model writes it
// (tokens appended as they arrive) and each output step's rendered markdown. Pure over the run
// stream's events (useRunStream's state.events), so a re-render never changes what was shown.
import type { RunStreamEvent } from '@appforge/sdk';

export interface PreviewBlock {
  readonly stepId: string;
  readonly title: string;
  /** Markdown (rendered sanitised), or pretty JSON when `json`. */
  readonly text: string;
  readonly streaming: boolean;
  readonly json: boolean;
}

function settle(blocks: PreviewBlock[]): PreviewBlock[] {
  return blocks.map((block) => (block.streaming ? { ...block, streaming: false } : block));
}

export function previewBlocks(events: readonly RunStreamEvent[]): PreviewBlock[] {
  let blocks: PreviewBlock[] = [];
  const titles = new Map<string, string>();
  for (const event of events) {
    switch (event.type) {
      case 'step_started':
        titles.set(event.stepId, event.title);
        if (event.kind === 'ai') blocks.push({ stepId: event.stepId, title: event.title, text: '', streaming: true, json: false });
        break;
      case 'token': {
        const last = blocks.at(-1);
        if (last?.stepId === event.stepId && last.streaming) blocks[blocks.length - 1] = { ...last, text: last.text + event.text };
        break;
      }
      case 'step_output': {
        const last = blocks.at(-1);
        if (last?.stepId === event.stepId && last.streaming) {
          blocks[blocks.length - 1] =
            typeof event.value === 'string'
              ? { ...last, text: event.value, streaming: false }
              : { ...last, text: JSON.stringify(event.value, null, 2), streaming: false, json: true };
        } else if (typeof event.value === 'string' && event.variable === undefined) {
          // An output step: its markdown is what the person running the app reads.
          blocks.push({ stepId: event.stepId, title: titles.get(event.stepId) ?? '', text: event.value, streaming: false, json: false });
        }
        break;
      }
      case 'run_done':
      case 'run_failed':
      case 'error':
      case 'awaiting_input':
      case 'choice_needed':
        blocks = settle(blocks);
        break;
      default:
        break;
    }
  }
  return blocks;
}
