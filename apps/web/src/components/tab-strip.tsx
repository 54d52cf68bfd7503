import { useEffect, useRef, type KeyboardEvent } from 'react';
import { styled } from '@mui/material/styles';

export interface TabStripTab<T extends string | number> {
  value: T;
  label: string;
  /** The tab's id, which its panel's aria-labelledby names. */
  id: string;
  /** The id of the panel it controls. */
  panelId: string;
}

// MUI's Tabs measure the page as they mount (the selected tab's box for the indicator, the scroller for
// its buttons) and draw every tab again with what they measured: on a client's profile, two strips did,
// the longest tasks after its first paint on a phone (issue 21 "Speed"). This strip draws once: the
// indicator is the selected tab's border, and on a narrow screen the strip scrolls as any row does.
// It looks and answers the keyboard as MUI's does (WAI-ARIA tabs with manual activation): arrows, Home
// and End move the focus along the tabs, Enter or Space selects; only the selected tab is in the Tab order.

const List = styled('div')(({ theme }) => ({
  display: 'flex',
  overflowX: 'auto',
  scrollbarWidth: 'none',
  borderBottom: `1px solid ${theme.palette.divider}`,
}));

const TabButton = styled('button')(({ theme }) => ({
  ...theme.typography.button,
  lineHeight: 1.25,
  flexShrink: 0,
  minWidth: 90,
  maxWidth: 360,
  minHeight: 48,
  padding: '12px 16px',
  border: 0,
  // The indicator: MUI's is 2 px of the primary colour along the bottom.
  borderBottom: '2px solid transparent',
  margin: 0,
  background: 'none',
  cursor: 'pointer',
  color: theme.palette.text.secondary,
  whiteSpace: 'nowrap',
  '&[aria-selected="true"]': {
    color: theme.palette.primary.main,
    borderBottomColor: theme.palette.primary.main,
  },
  '&:hover': { color: theme.palette.text.primary },
  '&[aria-selected="true"]:hover': { color: theme.palette.primary.main },
  '&:focus-visible': {
    outline: `2px solid ${theme.palette.primary.main}`,
    outlineOffset: -2,
  },
}));

const NEXT: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_i, n) => n - 1,
};

/** A row of tabs (role tablist) for panels the page draws itself. */
export function TabStrip<T extends string | number>({
  label,
  tabs,
  value,
  onChange,
}: {
  /** The tab list's accessible name. */
  label: string;
  tabs: readonly TabStripTab<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const selectedIndex = tabs.findIndex((t) => t.value === value);
  const isFirstDraw = useRef(true);

  // A tab chosen by the address or a link is scrolled into the strip's view; the first one already is.
  useEffect(() => {
    const wasFirstDraw = isFirstDraw.current;
    isFirstDraw.current = false;
    if (wasFirstDraw && selectedIndex <= 0) return;
    const tab = listRef.current?.children[selectedIndex];
    tab?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selectedIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT[event.key];
    const buttons = Array.from(listRef.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? []);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (!next || current < 0) return;
    event.preventDefault();
    buttons[next(current, buttons.length)]?.focus();
  };

  return (
    <List ref={listRef} role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => {
        const isSelected = index === selectedIndex;
        return (
          <TabButton
            key={tab.value}
            type="button"
            role="tab"
            id={tab.id}
            aria-controls={tab.panelId}
            aria-selected={isSelected}
            // Only the selected tab is in the Tab order (the first when none is selected).
            tabIndex={isSelected || (selectedIndex < 0 && index === 0) ? 0 : -1}
            onClick={() => {
              if (!isSelected) onChange(tab.value);
            }}
          >
            {tab.label}
          </TabButton>
        );
      })}
    </List>
  );
}
