import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { GraphNode, TaskGraph } from '../../../../shared/domain/task-graph.js';
import { DEFAULT_SIGNATURE_CONFIG } from '../../../../shared/domain/task-graph.js';
import { GoalPanel } from './GoalPanel.js';

const KEY = 'P§text|EditText|com.android.messaging:id/compose_message_text';
const node: GraphNode = {
  id: 'n6',
  done: true,
  flag: null,
  signature: { activity: 'a', structure: [], structureKey: 'k', anchors: [], widgetState: [], imageHash: null },
  representative: { demonstrationId: 1, idx: 0, screenshotBlob: null, xmlBlob: null },
  members: [],
  goal: [
    {
      id: 'c1',
      kind: 'typed',
      key: KEY,
      label: '短信',
      expected: '周日中午一起吃饭',
      match: 'fuzzy',
      source: 'derived',
      required: ['一起', '吃饭'],
    },
  ],
};
const graph: TaskGraph = { taskId: 't', config: DEFAULT_SIGNATURE_CONFIG, startNode: 'n6', nodes: [node], edges: [], contentKeys: [KEY] };

describe("the Graphs screen's goal conditions: a typed text's key terms", () => {
  it('shows the terms a typed text must contain, and saves the edited terms and the forbidden ones', () => {
    const onSave = vi.fn();
    render(<GoalPanel graph={graph} node={node} busy={false} onSave={onSave} />);
    const must = screen.getAllByTestId('goal-required')[0] as HTMLInputElement;
    expect(must.value).toBe('一起, 吃饭');
    fireEvent.change(must, { target: { value: '一起，吃饭, 周日' } });
    fireEvent.change(screen.getAllByTestId('goal-forbidden')[0]!, { target: { value: '周六' } });
    fireEvent.click(screen.getByTestId('goal-save'));
    expect(onSave).toHaveBeenCalledWith([
      expect.objectContaining({ kind: 'typed', required: ['一起', '吃饭', '周日'], forbidden: ['周六'] }),
    ]);
  });
});
