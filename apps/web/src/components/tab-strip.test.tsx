import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { TabStrip, type TabStripTab } from './tab-strip';

const TABS: TabStripTab<number>[] = ['Summary', 'Accounts', 'Reports'].map((label, value) => ({
  value,
  label,
  id: `tab-${value}`,
  panelId: `panel-${value}`,
}));

function Strip({ initial = 0, onChange }: { initial?: number; onChange?: (value: number) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <TabStrip
      label="Client profile"
      tabs={TABS}
      value={value}
      onChange={(next) => {
        onChange?.(next);
        setValue(next);
      }}
    />
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });
const selected = () =>
  screen
    .getAllByRole('tab')
    .filter((t) => t.getAttribute('aria-selected') === 'true')
    .map((t) => t.textContent);

describe('TabStrip', () => {
  it('is a named tab list whose tabs name their panels, the selected one alone in the Tab order', () => {
    render(<Strip initial={1} />);
    expect(screen.getByRole('tablist', { name: 'Client profile' })).toBeTruthy();
    expect(tab('Accounts').id).toBe('tab-1');
    expect(tab('Accounts').getAttribute('aria-controls')).toBe('panel-1');
    expect(selected()).toEqual(['Accounts']);
    expect(screen.getAllByRole('tab').map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
  });

  it('selects a tab when it is clicked, and not again when it is the selected one', async () => {
    const onChange = vi.fn();
    render(<Strip onChange={onChange} />);
    const user = userEvent.setup({ delay: null });
    await user.click(tab('Reports'));
    expect(selected()).toEqual(['Reports']);
    expect(tab('Reports').tabIndex).toBe(0);
    await user.click(tab('Reports'));
    expect(onChange.mock.calls).toEqual([[2]]);
  });

  it('moves the focus with the arrows, Home and End, and selects with Enter or Space', async () => {
    const onChange = vi.fn();
    render(<Strip onChange={onChange} />);
    const user = userEvent.setup({ delay: null });
    await user.tab();
    expect(document.activeElement).toBe(tab('Summary'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Accounts'));
    expect(selected()).toEqual(['Summary']);
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(tab('Reports'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tab('Summary'));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(tab('Reports'));
    await user.keyboard('{Home}{ArrowRight}{Enter}');
    expect(selected()).toEqual(['Accounts']);
    await user.keyboard('{ArrowRight} ');
    expect(selected()).toEqual(['Reports']);
    expect(onChange.mock.calls).toEqual([[1], [2]]);
  });
});
