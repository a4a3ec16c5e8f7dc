import type { ComponentChildren } from 'preact';
import { useId, useRef } from 'preact/hooks';

export type Tab<Id extends string> = { id: Id; label: string };

/**
 * Tabs as screen readers know them (tablist, tab, tabpanel): the arrow keys, Home and End move
 * between tabs, and Tab goes from the chosen tab into its panel.
 */
export const Tabs = <Id extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  label: string;
  tabs: Tab<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  /** The chosen tab's panel. */
  children: ComponentChildren;
}) => {
  const base = useId();
  const list = useRef<HTMLDivElement>(null);
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    onSelect(tab.id);
    list.current?.querySelector<HTMLButtonElement>(`#${CSS.escape(`${base}-${tab.id}`)}`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const at = tabs.findIndex((tab) => tab.id === selected);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    choose(to);
  };
  return (
    <div class="tabs">
      <div class="tab-list" role="tablist" aria-label={label} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${base}-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${base}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            class="tab"
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        class="tab-panel"
        role="tabpanel"
        id={`${base}-panel`}
        aria-labelledby={`${base}-${selected}`}
      >
        {children}
      </div>
    </div>
  );
};
