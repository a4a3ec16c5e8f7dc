import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { Badge, CodeBlock, TextField } from '../../shared/components';
import type { EventType, EventTypeGroup } from './eventTypeGroups';
import { groupByPrefix, matchesSearch } from './eventTypeGroups';
import './typePicker.css';

export type TypeChoice = { allTypes: boolean; types: string[] };

/** One type to tick: its name, what it means, and an example of its data to look at. */
const TypeOption = ({
  type,
  checked,
  onChecked,
}: {
  type: EventType;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) => {
  const id = useId();
  const [showExample, setShowExample] = useState(false);
  const example = type.examples[0];
  return (
    <li class="type-option">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(e) => onChecked(e.currentTarget.checked)}
        aria-describedby={`${id}-about`}
      />
      <div class="type-option-text">
        <div class="type-option-head">
          <label for={id} class="type-option-name">
            {type.name}
          </label>
          {type.deprecated && <Badge tone="warning">Deprecated</Badge>}
          {example && (
            <button
              type="button"
              class="link-button"
              aria-expanded={showExample}
              aria-controls={`${id}-example`}
              onClick={() => setShowExample(!showExample)}
            >
              {showExample ? 'Hide example' : 'Example'}
              <span class="visually-hidden"> of {type.name}</span>
            </button>
          )}
        </div>
        <span id={`${id}-about`} class="type-option-about">
          {type.description}
        </span>
        <div id={`${id}-example`}>
          {showExample && <CodeBlock label={`Example data of ${type.name}`} value={example} />}
        </div>
      </div>
    </li>
  );
};

/** The types of one prefix, folded until opened, with a box that ticks or clears them all. */
const TypeGroup = ({
  group,
  selected,
  unfolded,
  onChange,
}: {
  group: EventTypeGroup;
  selected: string[];
  /** Opened whatever the reader chose: while searching. */
  unfolded: boolean;
  onChange: (types: string[]) => void;
}) => {
  const id = useId();
  const names = group.types.map((type) => type.name);
  const chosen = names.filter((name) => selected.includes(name)).length;
  const [opened, setOpened] = useState(chosen > 0);
  const open = opened || unfolded;
  const all = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Some but not all: the box shows a dash, which only the DOM property can say.
    if (all.current) all.current.indeterminate = chosen > 0 && chosen < names.length;
  }, [chosen, names.length]);
  const without = selected.filter((name) => !names.includes(name));
  return (
    <fieldset class="type-group">
      <legend>
        <label class="type-group-all">
          <input
            ref={all}
            type="checkbox"
            checked={chosen === names.length}
            onChange={(e) => onChange(e.currentTarget.checked ? [...without, ...names] : without)}
          />
          <span class="visually-hidden">All </span>
          <span class="mono">{group.label}</span>
          <span class="visually-hidden"> types</span>
        </label>
        <button
          type="button"
          class="type-group-toggle"
          aria-expanded={open}
          aria-controls={`${id}-types`}
          disabled={unfolded}
          onClick={() => setOpened(!opened)}
        >
          <span>
            {chosen} of {names.length}
            <span class="visually-hidden"> {group.label} types picked</span>
          </span>
          <span class="chevron" aria-hidden="true" />
        </button>
      </legend>
      <ul class="type-options" id={`${id}-types`} hidden={!open}>
        {group.types.map((type) => (
          <TypeOption
            key={type.name}
            type={type}
            checked={selected.includes(type.name)}
            onChecked={(checked) =>
              onChange(
                checked ? [...selected, type.name] : selected.filter((name) => name !== type.name),
              )
            }
          />
        ))}
      </ul>
    </fieldset>
  );
};

const selectionSummary = (types: string[]): string =>
  types.length === 0
    ? 'None picked yet: pick at least one.'
    : `${types.length} picked: ${types.join(', ')}`;

/**
 * Which events an endpoint receives: every deliverable type, or the ones ticked, grouped by
 * prefix. Deprecated types are not offered, except to an endpoint that already lists them (`kept`).
 */
export const EventTypePicker = ({
  catalog,
  choice,
  kept = [],
  error,
  onChange,
}: {
  catalog: readonly EventType[];
  choice: TypeChoice;
  kept?: readonly string[];
  error?: string | undefined;
  onChange: (choice: TypeChoice) => void;
}) => {
  const id = useId();
  const [search, setSearch] = useState('');
  const offered = catalog.filter(
    (type) => type.deliverable && (!type.deprecated || kept.includes(type.name)),
  );
  const groups = groupByPrefix(offered.filter((type) => matchesSearch(type, search)));
  const pick = (allTypes: boolean) => onChange({ ...choice, allTypes });
  return (
    <fieldset class="type-picker" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Event types</legend>
      <div class="choices">
        <label class="choice">
          <input type="radio" name={id} checked={choice.allTypes} onChange={() => pick(true)} />
          <span>
            <strong>All event types</strong>
            <span class="choice-hint">Every deliverable type, including types added later.</span>
          </span>
        </label>
        <label class="choice">
          <input type="radio" name={id} checked={!choice.allTypes} onChange={() => pick(false)} />
          <span>
            <strong>Only the types I pick</strong>
            <span class="choice-hint">
              {choice.allTypes ? 'Pick them by prefix below.' : selectionSummary(choice.types)}
            </span>
          </span>
        </label>
      </div>
      {error && (
        <span id={`${id}-error`} class="field-error">
          {error}
        </span>
      )}
      {!choice.allTypes && (
        <div class="type-groups">
          <TextField type="search" label="Find an event type" value={search} onValue={setSearch} />
          <div class="type-group-list">
            {groups.length === 0 && <p class="no-type-found">No event type matches “{search}”.</p>}
            {groups.map((group) => (
              <TypeGroup
                key={group.prefix}
                group={group}
                selected={choice.types}
                unfolded={search.trim() !== ''}
                onChange={(types) => onChange({ ...choice, types })}
              />
            ))}
          </div>
        </div>
      )}
    </fieldset>
  );
};
