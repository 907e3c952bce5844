import type { SyntheticEvent } from 'react';

type Props = {
  /** The search box's label, saying what it searches ('Search by email or name'). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called with the trimmed text when the search is submitted. */
  onSearch: (query: string) => void;
};

/** A dashboard list's search: a labelled search box and a Search button, in a search landmark. */
export function SearchForm({ label, value, onChange, onSearch }: Props) {
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    onSearch(value.trim());
  };
  return (
    <form role="search" className="flex flex-wrap items-end gap-2" onSubmit={submit}>
      <label className="flex grow flex-col gap-1">
        <span className="text-sm">{label}</span>
        <input
          type="search"
          name="q"
          className="input input-bordered w-full"
          maxLength={100}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary">
        Search
      </button>
    </form>
  );
}
